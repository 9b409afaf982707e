// The instruments' monogram logos (apps/web/public/logos): a circle in the instrument's colour with
// its code in white. A logo written with a <text> label is turned into one with the label's
// glyphs as paths, in Noto Sans Bold (the font the loan agreement already ships, from npm):
//
//   node scripts/logos.js
//
// A browser lays out and paints an SVG image's text in a document of its own: finding a system
// font, shaping the label, for each logo on each page. On a returning visit to the home page, the
// paint that brought in the list's 20 logos was the longest task after the data (PaintImage 99 ms
// at a 4x slower CPU). Paths paint without any of that, and look the same on every device.
// Logos already drawn with paths are left as they are; a new instrument's logo can be written in
// the <text> form (as below) and this script run again.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { root } from './test-server.js';

const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');
const DIR = join(root, 'apps/web/public/logos');
const SIZE = 64;

/** `<text x="32" y="32" dy=".35em" ... font-size="24" ...>BTC</text>`: the label and its size. */
function textLogo(svg) {
  const text = /<text\b([^>]*)>([^<]*)<\/text>/.exec(svg);
  if (!text) return null;
  const size = Number(/font-size="([\d.]+)"/.exec(text[1])?.[1]);
  const fill = /fill="([^"]+)"/.exec(text[1])?.[1] ?? '#fff';
  const label = text[2].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  if (!Number.isFinite(size) || !label) throw new Error(`a <text> logo without size or label`);
  return { size, fill, label, text: text[0] };
}

/** The label as one path, centred as the <text> was: middle-anchored, baseline 0.35em below. */
function labelPath(font, label, size) {
  const run = font.layout(label);
  const scale = size / font.unitsPerEm;
  const width = run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale;
  let x = SIZE / 2 - width / 2;
  const baseline = SIZE / 2 + 0.35 * size;
  const parts = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const path = glyph.path
      .scale(scale, -scale)
      .translate(x + position.xOffset * scale, baseline - position.yOffset * scale);
    parts.push(path.toSVG());
    x += position.xAdvance * scale;
  });
  // Two decimals are a hundredth of a pixel at 64: the same shapes at a third of the length.
  return parts.join('').replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 100) / 100));
}

function main() {
  const font = fontkit.openSync(FONT);
  let converted = 0;
  for (const name of readdirSync(DIR)
    .filter((f) => f.endsWith('.svg'))
    .sort()) {
    const file = join(DIR, name);
    const svg = readFileSync(file, 'utf8');
    const logo = textLogo(svg);
    if (!logo) continue;
    const path = `<path fill="${logo.fill}" d="${labelPath(font, logo.label, logo.size)}"/>`;
    writeFileSync(file, svg.replace(logo.text, path));
    converted++;
  }
  console.log(`logos: ${converted} drawn with paths in ${DIR}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
