// Bundles the server and its CLI into dist/cli.js. The contract (TypeScript source in the
// workspace) is bundled in; every npm dependency stays external and is loaded from node_modules.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@kolscope/contract');

await build({
  entryPoints: [new URL('./src/cli.ts', import.meta.url).pathname],
  outfile: new URL('./dist/cli.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __kolscopeRequire } from 'node:module'; const require = __kolscopeRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// The sentiment model's weights are read at run time from `weights/` beside the module that loads
// them; in the bundle that module is dist/cli.js, so the folder is copied to dist/weights.
const weights = new URL('./src/pipeline/enrich/sentiment/model/weights/', import.meta.url).pathname;
const distWeights = new URL('./dist/weights/', import.meta.url).pathname;
rmSync(distWeights, { recursive: true, force: true });
if (existsSync(weights)) cpSync(weights, distWeights, { recursive: true });
