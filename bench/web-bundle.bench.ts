/**
 * First-load JavaScript of the web app, gzipped: the entry script and every chunk index.html
 * preloads (what a phone downloads before the first screen). Target: < 250 KB.
 * Run: `npm run bench -- web-bundle` (builds the web app when it is stale).
 *
 * Measured 2026-11-22 (gzip -9): 202.8 KB, target < 250 KB met (the machine shared with other
 * work, load average 1.2–3.8).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuilt } from '../scripts/build-if-stale.mjs';

const root = process.env.KOLSCOPE_ROOT ?? process.cwd();
await ensureWebBuilt();
const dist = join(root, 'apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
let total = 0;
console.log('first-load JavaScript (gzip -9):');
for (const file of [...new Set(files)]) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`  ${file.padEnd(40)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
}
console.log(`total ${(total / 1024).toFixed(1)} KB — target < 250 KB: ${total < 250 * 1024 ? 'met' : 'NOT met'}`);
