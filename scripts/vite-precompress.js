// A Vite plugin for both apps: once the build is written, every text file of the output (scripts,
// styles, index.html, catalogues, the manifest, SVG) gets a Brotli (.br) and a gzip (.gz) copy
// beside it, and the server (@fastify/static with preCompressed) sends the one the browser
// accepts. Compressing once at build time lets the best (slowest) levels be used: the customer
// app's first visit carries about a quarter of the bytes.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|json|svg|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // .vite/manifest.json is for the build tools, not served
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` beside each text file of `dir` worth compressing; a copy that would not
 * be smaller is not written.
 * @param {string} dir
 * @returns {{ files: number, bytes: number, brotli: number }}
 */
export function precompressDir(dir) {
  let count = 0;
  let bytes = 0;
  let brotli = 0;
  for (const path of [...files(dir)]) {
    if (!TEXT.test(path)) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${path}.br`, br);
    if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
    count++;
    bytes += source.length;
    brotli += Math.min(br.length, source.length);
  }
  return { files: count, bytes, brotli };
}

/** @returns {import('vite').Plugin} */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'swx-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the service worker among them).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { files: count, bytes, brotli } = precompressDir(outDir);
        this.info?.(
          `precompressed ${count} files: ${Math.round(bytes / 1024)} KB, ${Math.round(brotli / 1024)} KB as Brotli`,
        );
      },
    },
  };
}
