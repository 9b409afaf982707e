import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this a reply goes as it is: compressing a few hundred bytes saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1_024;
const ENCODINGS = ['br', 'gzip'];

/**
 * A JSON reply that many callers share (a cached list), kept as UTF-8 bytes and, the first time a
 * caller accepts it, compressed once: brotli or gzip, as the caller's `Accept-Encoding` prefers.
 * Every browser asks for compressed replies, so the market list (about 27 KB for crypto) goes out
 * as about 7.5 KB.
 */
export class EncodedBody {
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(readonly identity: Buffer) {}

  static json(value: unknown): EncodedBody {
    return new EncodedBody(Buffer.from(JSON.stringify(value)));
  }

  /** The bytes for `encoding` ('br', 'gzip' or anything else for none), compressed on first use. */
  bytes(encoding: string | undefined): { encoding?: 'br' | 'gzip'; body: Buffer } {
    if (this.identity.length < MIN_COMPRESSED_BYTES) return { body: this.identity };
    if (encoding === 'br') {
      // Quality 4: about as fast as gzip's default and smaller; 11 would take ~25 ms for 27 KB.
      this.br ??= brotliCompressSync(this.identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      });
      return { encoding, body: this.br };
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.identity);
      return { encoding, body: this.gzip };
    }
    return { body: this.identity };
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const accepted = request.headers['accept-encoding'];
    const { encoding, body } = this.bytes(
      accepted ? (negotiate(accepted, ENCODINGS) ?? undefined) : undefined,
    );
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  }
}
