// `npm start`: build what is not built, then `kolscope start` (migrate, seed, serve, collect).
import { ensureServerBuilt, ensureWebBuilt } from './build-if-stale.mjs';

await ensureServerBuilt();
await ensureWebBuilt();
const { main } = await import('../apps/server/dist/cli.js');
await main(['start', ...process.argv.slice(2)]);
