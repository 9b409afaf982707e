import { afterEach } from 'vitest';

// node-postgres queues a query sent while its connection is still busy with another, and warns
// once per process that pg 9 will refuse it (a transaction's statements sent side by side). The
// warning is easy to miss in a test log, so the test during which it was emitted fails instead.
const state = globalThis as typeof globalThis & { __pgOverlap?: { seen: Error | undefined } };
if (!state.__pgOverlap) {
  const overlap: { seen: Error | undefined } = { seen: undefined };
  state.__pgOverlap = overlap;
  process.on('warning', (warning) => {
    if (/client\.query\(\) when the client is already executing a query/.test(warning.message))
      overlap.seen = warning;
  });
}
const overlap = state.__pgOverlap;

afterEach(() => {
  const seen = overlap.seen;
  if (!seen) return;
  overlap.seen = undefined;
  throw new Error(
    `a query was sent on a busy PostgreSQL connection:\n${seen.stack ?? seen.message}`,
  );
});
