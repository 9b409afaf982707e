// Bundles the server into dist/main.js: our workspace packages (TypeScript sources) are inlined,
// third-party packages stay in node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { serverBundleBase } from './bundle-options.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@swx/'));

await build({
  ...serverBundleBase,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
});
