// Measures the customer app's home route: the JavaScript a first visit to `/` needs before it can
// render (the entry chunk and everything it imports statically, the home page chunk and its static
// imports, and the active language's catalogues for the first render), gzipped with zlib.
// Reads the Vite manifest of apps/web/dist; exits 1 when the total is over budget.
//
//   node scripts/web-bundle-size.js [--budget 170] [--locale en] [--verbose]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

const HOME_PAGE = 'src/features/home/pages/home-page.tsx';
/** Catalogue namespaces the home route renders with: i18next's defaults plus the page's own. */
const FIRST_RENDER_NAMESPACES = ['common', 'errors', 'home', 'markets'];

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const budgetKb = Number(option('budget', '170'));
const locale = option('locale', 'en');
const verbose = process.argv.includes('--verbose');

if (!existsSync(manifestPath)) {
  console.error(`web-bundle-size: ${manifestPath} is missing; run \`npm run build\` first.`);
  process.exit(1);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const files = new Map();
function addWithStaticImports(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk for ${key}`);
  if (files.has(chunk.file)) return;
  files.set(chunk.file, key);
  for (const imported of chunk.imports ?? []) addWithStaticImports(imported);
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`web-bundle-size: expected one entry chunk, found ${entries.length}`);
  process.exit(1);
}
addWithStaticImports(entries[0][0]);
addWithStaticImports(HOME_PAGE);
for (const ns of FIRST_RENDER_NAMESPACES) {
  const key = Object.keys(manifest).find((k) => k.endsWith(`/locales/${locale}/${ns}.json`));
  if (!key) {
    console.error(`web-bundle-size: no catalogue chunk for ${locale}/${ns}`);
    process.exit(1);
  }
  addWithStaticImports(key);
}

let total = 0;
const rows = [];
for (const [file, key] of files) {
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push({ file, key, gz });
}

if (verbose) {
  for (const row of rows.sort((a, b) => b.gz - a.gz)) {
    console.log(`  ${(row.gz / 1024).toFixed(1).padStart(7)} KB  ${row.file}  (${row.key})`);
  }
}
const kb = total / 1024;
console.log(`web home route initial JS: ${kb.toFixed(1)} KB gzip (budget ${budgetKb} KB)`);
if (kb > budgetKb) {
  console.error(`web-bundle-size: over budget by ${(kb - budgetKb).toFixed(1)} KB`);
  process.exit(1);
}
