// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the web build, once at build time,
// so the server sends static files compressed at the highest levels without compressing them per request
// (@fastify/static's preCompressed option picks the copy the browser accepts). The server renderer (ssr/) is skipped.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Smaller files gain nothing worth a second request header's worth of bytes. */
const MIN_BYTES = 1024;

const dir = path.resolve(process.argv[2] ?? 'dist');
let files = 0;
let before = 0;
let after = 0;

function walk(current) {
  for (const name of readdirSync(current)) {
    const full = path.join(current, name);
    if (statSync(full).isDirectory()) {
      if (path.relative(dir, full) !== 'ssr') walk(full);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const input = readFileSync(full);
    if (input.length < MIN_BYTES) continue;
    const br = brotliCompressSync(input, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    });
    writeFileSync(`${full}.br`, br);
    writeFileSync(`${full}.gz`, gzipSync(input, { level: 9 }));
    files += 1;
    before += input.length;
    after += br.length;
  }
}

walk(dir);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
