import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The built server serves dist/ at `/` with history fallback; in `vite dev` the API and the socket
// are proxied to a server started with `npm start` (port 8080).
export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/web-bundle-size.js reads the manifest to measure the home route's initial JavaScript.
    manifest: true,
  },
  server: {
    proxy: {
      '/swx': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
