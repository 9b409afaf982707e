import WebSocket from 'ws';

/** A WebSocket test client that collects messages and can wait for one matching a predicate. */
export async function connectSocket(url: string) {
  const socket = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  const waiters: {
    match: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : '') as Record<
      string,
      unknown
    >;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next(
      match: (m: Record<string, unknown>) => boolean,
      timeoutMs = 5_000,
    ): Promise<Record<string, unknown>> {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching socket message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => socket.close(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
