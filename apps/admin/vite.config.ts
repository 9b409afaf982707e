import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from '../../scripts/vite-precompress.js';

// The server mounts the back office under /admin/, so asset URLs must carry that prefix.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Keep ES module evaluation order across chunks. main.tsx switches zod to jitless before
        // the contract builds its schemas; without this the bundler may hoist the contract's chunk
        // above that call and zod probes `new Function`, which the CSP reports as a violation.
        strictExecutionOrder: true,
      },
    },
  },
});
