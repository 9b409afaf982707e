// A bare `ws` broadcast server doing the same work as the product's hub in `npm run bench`:
// clients send {op:'sub', codes:[...]}, BENCH_CODES codes tick once a second, each tick is
// serialised once and sent to its subscribers. Answers GET /bench/rss with its memory use.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const codes = Number(process.env.BENCH_CODES ?? '500');
const subscribers = new Map();
const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT) });
wss.on('connection', (socket) => {
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.op !== 'sub') return;
    for (const code of message.codes) {
      let set = subscribers.get(code);
      if (!set) subscribers.set(code, (set = new Set()));
      set.add(socket);
    }
  });
  socket.on('close', () => {
    for (const set of subscribers.values()) set.delete(socket);
  });
});

let round = 0;
setInterval(() => {
  round++;
  for (let i = 0; i < codes; i++) {
    const code = `SYM${i}`;
    const set = subscribers.get(code);
    const price = (100 + ((round + i) % 50) / 7).toFixed(4);
    const data = JSON.stringify({
      type: 'tick',
      code,
      price,
      zdf: '0.00',
      ts: new Date().toISOString(),
    });
    if (set) for (const socket of set) socket.send(data);
  }
}, 1_000).unref();

createServer((_req, res) => {
  // Measured after a full collection, so the figure is live memory, not garbage.
  globalThis.gc?.();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ rss: process.memoryUsage().rss }));
}).listen(Number(process.env.RSS_PORT), '127.0.0.1');
