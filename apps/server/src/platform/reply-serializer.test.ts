import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from './reply-serializer';

const route = (schema: unknown) =>
  ({ schema, method: 'GET', url: '/swx/probe', httpStatus: '200' }) as never;

function writerFor(schema: z.ZodType, crossCheck: boolean) {
  return replySerializerCompiler({ crossCheck })(route(schema)) as (data: unknown) => string;
}

const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ code: z.number().int(), msg: z.string(), result });

const order = z.object({
  orderNo: z.string(),
  price: z.string().regex(/^\d+(\.\d+)?$/),
  closedAt: z.string().nullable(),
  note: z.string().optional(),
  state: z.enum(['open', 'closed']),
  kind: z.literal('spot'),
  ticks: z.array(z.object({ ts: z.number(), price: z.string() })),
  byAsset: z.record(z.string(), z.string()),
  outcome: z.union([
    z.object({ won: z.literal(true), payout: z.string() }),
    z.object({ won: z.literal(false) }),
  ]),
});

const fullOrder = {
  code: 200,
  msg: 'ok',
  result: {
    orderNo: 'S1',
    price: '1.50',
    closedAt: null,
    note: 'n',
    state: 'open',
    kind: 'spot',
    ticks: [{ ts: 1, price: '2' }],
    byAsset: { USDT: '3' },
    outcome: { won: true, payout: '1.2' },
  },
};

/** What the client receives for a closed order without a note. */
const closedOrder = {
  code: 200,
  msg: 'ok',
  result: {
    orderNo: 'S2',
    price: '1',
    closedAt: '2026-11-26T00:00:00.000Z',
    state: 'closed',
    kind: 'spot',
    ticks: [{ ts: 2, price: '3' }],
    byAsset: {},
    outcome: { won: false },
  },
};

describe('the reply serializer', () => {
  // Each case: what a handler returned, and what the client must receive (what zod's encoding gave).
  const cases: { name: string; data: unknown; sent: unknown }[] = [
    { name: 'a full order, sent as it is', data: fullOrder, sent: fullOrder },
    {
      name: 'fields outside the contract are not sent, an absent optional field stays absent',
      data: {
        ...closedOrder,
        passwordHash: 'x',
        result: {
          ...closedOrder.result,
          ticks: [{ ts: 2, price: '3', secret: 'x' }],
          userId: 7,
        },
      },
      sent: closedOrder,
    },
  ];

  it.each(cases)('sends what the contract sends: $name', ({ data, sent }) => {
    for (const crossCheck of [false, true]) {
      expect(JSON.parse(writerFor(envelope(order), crossCheck)(data))).toEqual(sent);
    }
  });

  it('leaves a reply whose wire form differs from what the handler returns (a codec) to zod', () => {
    const cents = z.codec(z.string(), z.number(), {
      decode: (text) => Number(text),
      encode: (value) => value.toFixed(2),
    });
    const at = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const write = writerFor(envelope(z.object({ cents, at })), false);
    const result = { cents: 1.5, at: new Date('2026-11-26T12:00:00.000Z') };
    expect(JSON.parse(write({ code: 200, msg: 'ok', result }))).toEqual({
      code: 200,
      msg: 'ok',
      result: { cents: '1.50', at: '2026-11-26T12:00:00.000Z' },
    });
    const amountOnly = writerFor(envelope(z.object({ cents })), false);
    expect(amountOnly({ code: 200, msg: 'ok', result: { cents: 2 } })).toBe(
      '{"code":200,"msg":"ok","result":{"cents":"2.00"}}',
    );
  });

  it('with the cross-check on, a reply that breaks its contract fails instead of being sent', () => {
    const broken = {
      code: 200,
      msg: 'ok',
      result: {
        orderNo: 'S3',
        price: 1.5, // a number where the contract says a decimal string
        closedAt: null,
        state: 'open',
        kind: 'spot',
        ticks: [],
        byAsset: {},
        outcome: { won: false },
      },
    };
    expect(() => writerFor(envelope(order), true)(broken)).toThrow(/match the schema/);
  });

  it('with the cross-check on, a reply the two encoders write differently fails', () => {
    // zod takes the first member that fits and drops what it does not name; fast-json-stringify
    // checks each member as a closed object, so it picks the second and keeps `b`.
    const either = z.union([
      z.object({ a: z.string() }),
      z.object({ a: z.string(), b: z.string() }),
    ]);
    const data = { code: 200, msg: 'ok', result: { a: 'x', b: 'y' } };
    expect(JSON.parse(writerFor(envelope(either), false)(data)).result).toEqual({ a: 'x', b: 'y' });
    expect(() => writerFor(envelope(either), true)(data)).toThrow(/where its contract writes/);
  });
});
