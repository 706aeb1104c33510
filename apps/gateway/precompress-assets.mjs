#!/usr/bin/env node
// Runs after build-client.mjs: writes <file>.br (brotli, quality 11) and <file>.gz (gzip -9) beside
// every hashed JavaScript, CSS and SVG file under public/assets, once per build. The server sends
// them by Accept-Encoding (src/server/http/static-files.ts), so no asset is compressed per request
// and browsers get the smallest encoding the best settings make.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const assetsDir = path.resolve(values.dir ?? path.join(root, 'dist/apps/gateway/public/assets'));
const COMPRESSIBLE = /\.(js|css|svg)$/;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(assetsDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  after += br.length;
}
console.log(
  `precompressed ${files} assets: ${(before / 1024).toFixed(1)} KiB -> ${(after / 1024).toFixed(1)} KiB brotli`,
);
