import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import './bench-support';

interface Pending {
  body: string;
  bytes: number;
}
const Queue = createRequire(import.meta.url)(
  'autocannon/lib/pipelinedRequestsQueue.js',
) as new () => {
  insertRequest(request: unknown): void;
  addBody(data: Buffer): void;
  addByteCount(count: number): void;
  peek(): Pending | undefined;
};

describe("the bench's load client (autocannon)", () => {
  it('counts the bytes of a reply without keeping its body as text', () => {
    const queue = new Queue();
    queue.insertRequest({});
    // A compressed reply's bytes, which are not text: decoding them cost the client more than the
    // server spent on the reply.
    const bytes = Buffer.from([0x1b, 0xff, 0xfe, 0x80, 0x00, 0xc3]);
    queue.addBody(bytes);
    queue.addByteCount(bytes.length);
    expect(queue.peek()).toMatchObject({ body: '', bytes: 6 });
  });
});
