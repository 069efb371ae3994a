import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes .br and .gz beside every compressible file of the client build, so the server sends
 * precompressed assets (at maximum quality, paid once at build time) instead of compressing per request.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const root = path.resolve(process.argv[2] ?? 'dist/client');

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = await readFile(file);
  if (content.length < 512) continue;
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
  before += (await stat(file)).size;
  after += brotli.length;
}
console.log(`precompressed ${count} files: ${before} B -> ${after} B (brotli)`);
