// The baseline for `npm run bench`: the cheapest Fastify route there is, on the same Fastify, Node
// and machine as the product server, so the ratio shows what our stack costs per request.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('bench-hello: set PORT to a free TCP port');
  process.exit(1);
}

// Logger off: the product server logs at warn, which writes nothing per request either.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({ host: '127.0.0.1', port });
