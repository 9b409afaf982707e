import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncodedBody } from './encoded-body';

const large = { result: Array.from({ length: 200 }, (_, i) => ({ id: i, price: `${i}.25` })) };
const small = { code: 200, msg: 'ok' };

const app = Fastify();
const bodies = { large: EncodedBody.json(large), small: EncodedBody.json(small) };
app.get<{ Params: { which: 'large' | 'small' } }>('/:which', (request, reply) =>
  bodies[request.params.which].send(request, reply),
);
beforeAll(() => app.ready());
afterAll(() => app.close());

const decode = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;

describe('EncodedBody', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %j with %s, the same JSON', async (accept, expected) => {
    const res = await app.inject({
      url: '/large',
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const raw = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(raw.length);
    expect(JSON.parse(decode(expected, raw).toString('utf8'))).toEqual(large);
    if (expected) expect(raw.length).toBeLessThan(bodies.large.identity.length / 2);
  });

  it('sends a small body as it is, whatever is accepted', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(small);
  });

  it('compresses once per body and encoding', () => {
    const body = EncodedBody.json(large);
    const first = body.bytes('br').body;
    expect(body.bytes('br').body).toBe(first);
    expect(body.bytes('gzip').body).not.toBe(first);
    expect(body.bytes(undefined).body).toBe(body.identity);
  });
});
