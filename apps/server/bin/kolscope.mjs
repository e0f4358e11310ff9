#!/usr/bin/env node
// `npx kolscope ...`: builds the server bundle when it is missing or older than its sources, then runs it.
import { ensureServerBuilt } from '../../../scripts/build-if-stale.mjs';

await ensureServerBuilt();
const { main } = await import('../dist/cli.js');
await main(process.argv.slice(2));
