// The ceiling for bench/run.mjs: a bare node:http server that answers every request with one fixed
// JSON body of --bytes bytes. No routing, no database, no middleware: what this machine's Node can
// serve over loopback with the same load generator, so the API's numbers can be read as a fraction.
//
//   node bench/ceiling.mjs --bytes 1500 [--port 0] [--host 127.0.0.1]
//
// Prints one line `{"url":"http://127.0.0.1:PORT"}` on stdout once it is listening.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    bytes: { type: 'string', default: '1024' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const size = Number(values.bytes);
if (!Number.isInteger(size) || size < 16) {
  console.error(`ceiling: --bytes must be an integer >= 16, got ${values.bytes}`);
  process.exit(2);
}
// {"data":"xxx…"} padded to exactly `size` bytes: valid JSON, built once.
const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(size - '{"data":""}'.length) }));
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) };

const server = createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(values.port), values.host, () => {
  const { address, port } = server.address();
  console.log(JSON.stringify({ url: `http://${address}:${port}`, bytes: body.length }));
});
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)).closeAllConnections());
