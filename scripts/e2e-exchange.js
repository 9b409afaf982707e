// A loopback exchange for browser runs, in Binance's place (the network is closed): the product's
// live feed connects to its combined stream (`/stream?streams=btcusdt@miniTicker/...`) and receives
// 24-hour mini tickers, as from the real exchange, four times a second. What the market does is the
// test's to decide: `POST /price {"symbol":"BTCUSDT","price":"66950"}` sets a symbol's last price,
// sent at once to every connection. Nothing of the product is involved in choosing a price.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

/** Where each symbol starts (any other symbol starts at 100). */
const OPENING = { BTCUSDT: '65000.00', ETHUSDT: '3200.00' };

export async function startExchange() {
  const prices = new Map(Object.entries(OPENING));
  const priceOf = (symbol) => prices.get(symbol) ?? '100.00';
  const sockets = new Set();

  const frame = (symbol) =>
    JSON.stringify({
      stream: `${symbol.toLowerCase()}@miniTicker`,
      data: {
        e: '24hrMiniTicker',
        E: Date.now(),
        s: symbol,
        c: priceOf(symbol),
        o: OPENING[symbol] ?? '100.00',
        h: priceOf(symbol),
        l: priceOf(symbol),
        v: '1000.00000000',
        q: '100000000.00000000',
      },
    });
  const send = (socket) => {
    for (const symbol of socket.symbols) socket.ws.send(frame(symbol));
  };

  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/price') {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      try {
        const { symbol, price } = JSON.parse(body);
        if (typeof symbol !== 'string' || !/^\d+(\.\d+)?$/.test(String(price))) throw new Error();
        prices.set(symbol.toUpperCase(), String(price));
        for (const socket of sockets) if (socket.symbols.includes(symbol)) send(socket);
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end('symbol and price, please');
      }
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/stream') {
      socket.destroy();
      return;
    }
    const symbols = (url.searchParams.get('streams') ?? '')
      .split('/')
      .map((s) => s.split('@')[0]?.toUpperCase())
      .filter(Boolean);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const entry = { ws, symbols };
      sockets.add(entry);
      ws.on('close', () => sockets.delete(entry));
      send(entry);
    });
  });
  const timer = setInterval(() => sockets.forEach(send), 250);

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    env: { MARKET_FEED: 'live', LIVE_FEED_URL: `ws://${base}` },
    controlUrl: `http://${base}`,
    async stop() {
      clearInterval(timer);
      for (const { ws } of sockets) ws.terminate();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
