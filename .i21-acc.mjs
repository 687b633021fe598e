import http from 'node:http';
import net from 'node:net';
const busy = Number(process.argv[2]);
let accepted = 0, reqs = 0;
const server = http.createServer((req, res) => { reqs++; const e = performance.now() + busy; while (performance.now() < e); res.end('ok'); });
server.on('connection', () => accepted++);
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  const port = server.address().port;
  // a simple client in a child-free way: 512 sockets each sending requests back to back (keep-alive)
  const { fork } = await_import();
});
function await_import() { return {}; }
setInterval(() => console.log('t', process.uptime().toFixed(1), 'accepted', accepted, 'reqs', reqs), 1000).unref();
server.on('listening', () => {
  const port = server.address().port;
  import('node:child_process').then(({ spawn }) => {
    const c = spawn(process.execPath, ['-e', `
      const net = require('net'); let open = 0;
      for (let i = 0; i < 512; i++) { const s = net.connect(${port}, '127.0.0.1', () => { open++; s.write('GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n'); }); s.on('data', () => s.write('GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n')); s.on('error', () => {}); }
      setTimeout(() => process.exit(0), 5000);`], { stdio: 'inherit' });
    c.on('exit', () => { server.close(); process.exit(0); });
  });
});
