// The Node flags the product's server runs with: `npm start` (package.json) passes the same ones,
// and server-flags.test.ts holds the two together. The benches and the browser runs start the
// server with them, so they measure and test what ships.
//
// --max-semi-space-size=64 (MB; Node 20's default is 16): a tick that settles a thousand options
// allocates tens of MB in a few ms (arrays for the ledger's statement, results, events); with a
// young generation of the default size, it ran several scavenges, each copying what was still in
// use, and promoted short-lived objects into the old generation, which later cost a long mark.
// Measured with the bench's tick-to-settlement (scripts/bench-settle.ts, 20 ticks): garbage
// collection during the run fell from about 2,200 to about 1,100 ms and the ticks' p50 by 6 to
// 10 ms in paired runs. The space grows only under allocation: an idle server does not reserve it.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
