/**
 * A Vite plugin writing `.br` and `.gz` copies of every text asset next to it once the bundle
 * is written, so the server sends compressed files without compressing on each request
 * (@fastify/static's `preCompressed`). Brotli at its highest quality: it runs once per build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than the extra round of headers costs. */
const minBytes = 1024;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

/** Writes `.br` and `.gz` copies beside a text file worth compressing (the prerendered pages too). */
export function writeCompressedCopies(file: string): void {
  if (!compressible.test(file)) return;
  const source = fs.readFileSync(file);
  if (source.length < minBytes) return;
  const brotli = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'billow-precompress',
    // The browser's build only: the prerendering build's files are not served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) writeCompressedCopies(file);
    },
  };
}
