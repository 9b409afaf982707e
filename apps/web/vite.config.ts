import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './scripts/pwa-plugin';
import { precompressPlugin } from '../../scripts/vite-precompress.js';

// The built server serves dist/ at `/` with history fallback; in `vite dev` the API and the socket
// are proxied to a server started with `npm start` (port 8080).
export default defineConfig({
  base: '/',
  // serviceWorkerPlugin writes dist/sw.js after the build (precache list from the manifest).
  plugins: [react(), tailwindcss(), serviceWorkerPlugin(), precompressPlugin()],
  resolve: {
    alias: [
      // zod with `jitless` set before any schema exists (CSP without eval); see the module.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/app/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/web-bundle-size.js reads the manifest to measure the home route's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract and money packages only declare schemas, constants and functions (and
        // decimal.js only defines its class), so a module nothing imports from can go, and so can
        // a schema nothing uses. Without this every page would carry every schema of the contract
        // and decimal.js with them (about 25 KB gzip), used or not.
        moduleSideEffects: [
          { test: /packages[\\/](contract|money|i18n)[\\/]src[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]decimal\.js[\\/]/, sideEffects: false },
        ],
        manualPureFunctions: ['z', 'Decimal'],
        propertyReadSideEffects: false,
      },
    },
  },
  server: {
    proxy: {
      '/swx': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
