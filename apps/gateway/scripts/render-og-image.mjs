#!/usr/bin/env node
// Renders the default Open Graph image (scripts/og-image.svg, 1200×630) to the PNG that pages
// without their own image name in og:image: social networks do not read SVG. Run it after changing
// the SVG and commit the PNG (static/og/porownywarka-pozyczek.png); the build only copies it.
//   node apps/gateway/scripts/render-og-image.mjs
import { Resvg } from '@resvg/resvg-js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(appRoot, 'scripts', 'og-image.svg');
const target = path.join(appRoot, 'static', 'og', 'porownywarka-pozyczek.png');

const resvg = new Resvg(readFileSync(source, 'utf8'), {
  fitTo: { mode: 'original' },
  font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
});
const png = resvg.render().asPng();
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, png);
console.log(
  `wrote ${path.relative(process.cwd(), target)}: ${resvg.width}×${resvg.height}, ${(png.length / 1024).toFixed(1)} KiB`,
);
