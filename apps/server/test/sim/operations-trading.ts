/** The trading operations of the whole-system simulation: spot, contracts, options, convert, demo. */
import { randomConversion } from '../support/random';
import { CODES, idOf, ok, type SimOperation, type SimWorld } from './world';

/** Spot orders and cancels, contract positions, options, and convert's quote and accept. */
export function tradingOperations(world: SimWorld): SimOperation[] {
  const { random, chance, int, pick, take, request, customers } = world;
  return [
    {
      name: 'spot.submit',
      weight: 10,
      run: async () => {
        const who = pick(customers);
        const p = pick(world.prices());
        const price = Number(p.price);
        const side = pick(['buy', 'sell'] as const);
        const limit = chance(0.4);
        const near = (share: number) => (price * (1 + share)).toFixed(p.precision);
        const body = await request('POST', '/swx/customer/order/submit', who.auth, {
          code: p.code,
          side,
          type: limit ? 'limit' : 'market',
          ...(limit ? { price: near(side === 'buy' ? -random() * 0.004 : random() * 0.004) } : {}),
          ...(side === 'buy' && !limit && chance(0.5)
            ? { turnover: (10 + random() * 500).toFixed(2) }
            : { quantity: ((20 + random() * 400) / price).toFixed(6) }),
        });
        if (ok(body)) who.spot.push(idOf(body));
      },
    },
    {
      name: 'spot.cancel',
      weight: 3,
      run: async () => {
        const who = pick(customers);
        const id = take(who.spot);
        if (id !== undefined)
          await request('POST', '/swx/customer/order/chedan', who.auth, { kind: 'spot', id });
      },
    },
    {
      name: 'contract.open',
      weight: 9,
      run: async () => {
        const who = pick(customers);
        const p = pick(world.prices());
        const price = Number(p.price);
        const near = (share: number) => (price * (1 + share)).toFixed(p.precision);
        const direction = pick(['long', 'short'] as const);
        const sign = direction === 'long' ? 1 : -1;
        const limit = chance(0.3);
        const body = await request('POST', '/swx/customer/order/buyU', who.auth, {
          code: p.code,
          direction,
          lots: (0.01 + int(0, 19) / 100).toFixed(2),
          leverage: pick(p.leverages),
          type: limit ? 'limit' : 'market',
          ...(limit ? { price: near(-sign * random() * 0.003) } : {}),
          ...(chance(0.5) ? { stopLoss: near(-sign * (0.001 + random() * 0.01)) } : {}),
          ...(chance(0.5) ? { takeProfit: near(sign * (0.001 + random() * 0.01)) } : {}),
        });
        if (ok(body)) who.contracts.push(idOf(body));
      },
    },
    {
      name: 'contract.close',
      weight: 4,
      run: async () => {
        const who = pick(customers);
        const id = take(who.contracts);
        if (id === undefined) return;
        if (chance(0.5)) await request('POST', '/swx/customer/order/stopU', who.auth, { id });
        else
          await request('POST', '/swx/customer/order/chedan', who.auth, { kind: 'contract', id });
      },
    },
    {
      name: 'options.buy',
      weight: 10,
      run: async () => {
        const who = pick(customers);
        await request('POST', '/swx/customer/order/buyOptions', who.auth, {
          code: pick(CODES),
          direction: pick(['up', 'down']),
          seconds: pick([30, 60, 120, 300]),
          amount: String(int(10, 200)),
        });
      },
    },
    {
      name: 'convert',
      weight: 5,
      run: async () => {
        const who = pick(customers);
        const { from, to, amount } = randomConversion(random);
        const quote = await request('POST', '/swx/customer/user/dh', who.auth, {
          step: 'quote',
          from,
          to,
          amount,
        });
        if (ok(quote)) {
          const { quoteId } = quote.result as { quoteId: string };
          await request('POST', '/swx/customer/user/dh', who.auth, {
            step: 'accept',
            quoteId,
            from,
            to,
            amount,
          });
        }
      },
    },
  ];
}

/** Practice money: a demo reset, and an option bought with demo funds on the same routes. */
export function demoOperations(world: SimWorld): SimOperation[] {
  const { int, pick, request, customers } = world;
  return [
    {
      name: 'demo.reset',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        await request(
          'POST',
          '/swx/customer/user/resetDemo',
          { ...who.auth },
          {},
          { 'x-account-mode': 'demo' },
        );
      },
    },
    {
      // A demo-mode order: demo money moves on the same routes and the same ledger.
      name: 'demo.options',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        await request(
          'POST',
          '/swx/customer/order/buyOptions',
          who.auth,
          {
            code: pick(CODES),
            direction: pick(['up', 'down']),
            seconds: pick([30, 60]),
            amount: String(int(10, 300)),
          },
          { 'x-account-mode': 'demo' },
        );
      },
    },
  ];
}
