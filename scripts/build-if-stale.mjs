// "Builds what is not built": a part is rebuilt when its output is missing or older than the
// newest file among its inputs. Used by `npm start` and by the `kolscope` bin.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Benchmarks bundle this file elsewhere; they name the repository root in KOLSCOPE_ROOT.
const root = process.env.KOLSCOPE_ROOT ?? fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(output, inputs) {
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const builtAt = statSync(out).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

function run(args, label) {
  console.log(`kolscope: building ${label}...`);
  // Always a production build, even when started from a test runner that sets NODE_ENV=test.
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`kolscope: building ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

export async function ensureServerBuilt() {
  if (isStale('apps/server/dist/cli.js', ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'])) {
    run(['run', 'build', '-w', '@kolscope/server'], 'the server');
  }
}

export async function ensureWebBuilt() {
  const inputs = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/contract/src',
  ];
  if (isStale('apps/web/dist/index.html', inputs)) run(['run', 'build', '-w', '@kolscope/web'], 'the web app');
}
