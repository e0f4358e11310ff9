/**
 * Runs once before the server suite: migrates one embedded database and saves its data folder,
 * so each test file starts from a copy (about 1 s) instead of a fresh PGlite cluster plus every
 * migration (5-8 s on a busy machine). Test files read it through `migratedSnapshot()`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a PGlite data folder with every migration applied. */
    pgliteMigratedSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'kolscope-snapshot-'));
  const file = join(dir, 'migrated.tar');
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    const tarball = await db.snapshot!();
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteMigratedSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
