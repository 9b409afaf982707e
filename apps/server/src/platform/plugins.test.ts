import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createServer, installPlugins } from './plugins';

describe('a client that hung up before its request was handled', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('stops before the rate limiter, which could not count a request without an address', async () => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
    const app = createServer(config);
    const errors: string[] = [];
    const handled: string[] = [];
    // Stands in for the moment the client goes away: its socket is gone before the limiter runs.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.endsWith('/gone')) request.raw.socket.destroy();
      done();
    });
    await installPlugins(app, config, undefined);
    app.addHook('onError', (_request, _reply, error, done) => {
      errors.push(error.message);
      done();
    });
    for (const path of ['/swx/probe/gone', '/swx/probe/here']) {
      app.get(path, async () => {
        handled.push(path);
        return { ok: true };
      });
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    const { port } = app.server.address() as AddressInfo;

    const ended = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.end('GET /swx/probe/gone HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(ended).toBe('');
    const reply = await fetch(`http://127.0.0.1:${port}/swx/probe/here`);
    expect(reply.status).toBe(200);

    expect(errors).toEqual([]);
    expect(handled).toEqual(['/swx/probe/here']);
  });
});
