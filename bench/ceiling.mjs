// The ceiling for the benchmarks: a bare node:http server that answers every request with a fixed
// body. No routing framework, no database, no middleware: what this machine's Node can serve over
// loopback with the same load generator, so the API's numbers can be read as a fraction of it.
//
//   node bench/ceiling.mjs --bytes 1500 [--port 0] [--host 127.0.0.1]
//   node bench/ceiling.mjs --body FILE [--port 0] [--host 127.0.0.1]
//
// --bytes: a JSON body of exactly that many bytes (bench/run.mjs); --body: the bytes of FILE, e.g.
// the API's own answer to the URL being measured (bench/http.mjs). The same body for every URL.
//
// Prints one line `{"url":"http://127.0.0.1:PORT"}` on stdout once it is listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    bytes: { type: 'string', default: '1024' },
    body: { type: 'string' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const JSON_TYPE = 'application/json; charset=utf-8';
const answer = (bytes) => ({ body: bytes, headers: { 'Content-Type': JSON_TYPE, 'Content-Length': String(bytes.length) } });

let fixed;
if (values.body) {
  fixed = answer(readFileSync(values.body));
} else {
  const size = Number(values.bytes);
  if (!Number.isInteger(size) || size < 16) {
    console.error(`ceiling: --bytes must be an integer >= 16, got ${values.bytes}`);
    process.exit(2);
  }
  // {"data":"xxx…"} padded to exactly `size` bytes: valid JSON, built once.
  fixed = answer(Buffer.from(JSON.stringify({ data: 'x'.repeat(size - '{"data":""}'.length) })));
}

const { body, headers } = fixed;
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(values.port), values.host, () => {
  const { address, port } = server.address();
  console.log(JSON.stringify({ url: `http://${address}:${port}`, bytes: body.length }));
});
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)).closeAllConnections());
