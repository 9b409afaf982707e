// The product's WebSocket hub under a synthetic feed, for `npm run bench`: a whole node on a fresh
// embedded database, plus BENCH_CODES instruments ticking once a second through the same path the
// market hub uses (bus.emitLocal -> socket hub). Each tick's `ts` is its publish time in ms, so
// clients can measure publish-to-receipt delay. Answers GET /bench/rss with its memory use.
import { createServer } from 'node:http';
import { TICKS_CHANNEL } from '../apps/server/src/platform/socket-hub';
import { loadConfig } from '../apps/server/src/platform/config';
import { startNode } from '../apps/server/src/node';

const codes = Number(process.env.BENCH_CODES ?? '500');
const node = await startNode(loadConfig());
await node.app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });

let round = 0;
setInterval(() => {
  round++;
  for (let i = 0; i < codes; i++) {
    const price = (100 + ((round + i) % 50) / 7).toFixed(4);
    node.bus.emitLocal(TICKS_CHANNEL, {
      type: 'tick',
      code: `SYM${i}`,
      price,
      zdf: '0.00',
      ts: new Date().toISOString(),
    });
  }
}, 1_000).unref();

createServer((_req, res) => {
  // Measured after a full collection, so the figure is live memory, not garbage.
  (globalThis as { gc?: () => void }).gc?.();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ rss: process.memoryUsage().rss }));
}).listen(Number(process.env.RSS_PORT), '127.0.0.1');
