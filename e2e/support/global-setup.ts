/**
 * Runs once before the e2e suite: builds the product, starts it on an empty data folder, waits
 * until the demo has loaded its month of history, and stops it. Each file that runs the default
 * product starts from a copy of that folder (support/suite.ts), so the history is loaded once per
 * run instead of once per file (one to three minutes each on two busy cores).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { demoRate, startProduct } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** By demo posts per day: a stopped default product's data folder, its history loaded. */
    demoDataDirs: Record<string, string>;
  }
}

/** The rates the files run the demo at: the suite's default, and 300 where fewer posts do. */
const DEMO_RATES = [demoRate(), '300'];

export default async function setup(project: TestProject) {
  const dirs: Record<string, string> = {};
  for (const rate of DEMO_RATES) {
    dirs[rate] = mkdtempSync(join(tmpdir(), `kolscope-e2e-demo-${rate}-`));
    const product = await startProduct({ keepDataIn: dirs[rate], env: { DEMO_POSTS_PER_DAY: rate } });
    await product.stop();
  }
  project.provide('demoDataDirs', dirs);
  return () => {
    for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
  };
}
