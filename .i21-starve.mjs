import http from 'node:http';
import autocannon from 'autocannon';
const t0 = performance.now();
const accepted = [];
const server = http.createServer((req, res) => { const e = performance.now() + 2; while (performance.now() < e); res.end('ok'); });
server.on('connection', (s) => { accepted.push(performance.now() - t0); s.once('data', () => { s.firstData = performance.now() - t0; }); });
server.listen({ port: 0, host: '127.0.0.1', backlog: Number(process.argv[2] ?? 511) }, async () => {
  const lat = [];
  const seen = new Map();
  const run = autocannon({ url: `http://127.0.0.1:${server.address().port}`, connections: 512, duration: 8, timeout: 60 });
  run.on('response', (c, st, b, ms) => { if (!seen.has(c)) seen.set(c, ms); });
  await new Promise((r) => run.once('done', r));
  const firsts = [...seen.values()].sort((a, b) => b - a);
  console.log('connections accepted', accepted.length, 'last accepted at', Math.round(accepted.sort((a,b)=>a-b).at(-1)), 'ms; answered conns', seen.size, 'slowest first responses', firsts.slice(0, 5).map(Math.round));
  server.close(); process.exit(0);
});
