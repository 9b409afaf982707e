// Writes the install icons of apps/web/public/icons from the SWX mark (shared/ui/brand-mark.tsx):
//   node apps/web/scripts/make-icons.js
// Run once when the mark changes; the PNGs are committed. sharp is the server's dependency.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const PRIMARY = '#1d4ed8';
const ON_PRIMARY = '#ffffff';
const LINE = `<path d="M8 20.5 13 14l4 4 7-9" fill="none" stroke="${ON_PRIMARY}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The mark as the app draws it: a rounded tile (browser tabs, install prompts). */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="${PRIMARY}"/>${LINE}</svg>`;
/**
 * Full-bleed tile for launchers that cut their own shape (maskable, iOS): the line, drawn at
 * 3/4 size, stays well inside the central circle of radius 40 % that every mask keeps.
 */
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${PRIMARY}"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${LINE}</g></svg>`;

mkdirSync(out, { recursive: true });
writeFileSync(`${out}icon.svg`, `${rounded}\n`);
const png = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}${name}`);
await png(rounded, 192, 'icon-192.png');
await png(rounded, 512, 'icon-512.png');
await png(square, 512, 'icon-maskable-512.png');
await png(square, 180, 'apple-touch-icon.png');
console.log(`icons written to ${out}`);
