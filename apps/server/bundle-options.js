// What every bundle of server code shares: dist/main.js (build.js) and the whole-system
// simulation's node (test/sim/node-process.ts). ESM for Node 20, with `require` defined for the
// CommonJS packages and the code that ask for it.
export const serverBundleBase = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};
