#!/usr/bin/env node
/**
 * Runs a TypeScript benchmark without a TS runtime: `node bench/run.mjs NAME [args...]` bundles
 * bench/NAME.bench.ts with esbuild and imports the result. The bundle goes to
 * node_modules/.cache/kolscope-bench/ so that external packages still resolve from the repo's
 * node_modules; workspace packages (@kolscope/*) are bundled, since they may ship TS sources.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
if (!name || !/^[\w-]+$/.test(name)) {
  console.error('usage: node bench/run.mjs NAME [args...]   (runs bench/NAME.bench.ts)');
  process.exit(2);
}

const outdir = join(root, 'node_modules', '.cache', 'kolscope-bench');
mkdirSync(outdir, { recursive: true });
const outfile = join(outdir, `${name}.mjs`);
await build({
  entryPoints: [join(root, 'bench', `${name}.bench.ts`)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'inline',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // Bare imports stay external (resolved at run time from node_modules), except our own.
        b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@kolscope/') ? undefined : { external: true }));
      },
    },
  ],
});

process.env.KOLSCOPE_ROOT = root;
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
