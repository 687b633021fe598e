import net from 'node:net';
const [port] = process.argv.slice(2);
function probe(name, send) {
  return new Promise((done) => {
    const t0 = Date.now(); let got = '';
    const s = net.connect(Number(port), '127.0.0.1', () => { if (send) s.write(send); });
    s.on('data', (d) => { got += d; });
    s.on('close', () => done(`${name}: closed after ${Date.now() - t0} ms; got ${JSON.stringify(got.slice(0, 40))}`));
    s.on('error', () => {});
    setTimeout(() => { s.destroy(); done(`${name}: still open after 12 s`); }, 12000);
  });
}
const r = await Promise.all([
  probe('silent', null),
  probe('partial headers', 'GET /health HTTP/1.1\r\nHost: x\r\n'),
  probe('keep-alive idle', 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n'),
]);
console.log(r.join('\n'));
