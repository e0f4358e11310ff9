/**
 * docs/ARCHITECTURE.md stays a true map: it has a line for every top-level folder of the
 * repository and every folder directly under apps/server/src and apps/web/src (and none that is
 * gone), and every file it links to exists. A new folder fails this test until the map names it.
 * Pure file reads: the folders come from disk, skipping dot-folders and what is never committed
 * (installed packages, builds, data folders, coverage reports: .gitignore).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MAP = 'docs/ARCHITECTURE.md';
const map = readFileSync(join(root, MAP), 'utf8');

const NEVER_COMMITTED = new Set(['node_modules', 'dist', 'data', 'coverage']);

/** The folders directly under `dir` (relative to the repository root), sorted. */
function folders(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NEVER_COMMITTED.has(e.name))
    .map((e) => e.name)
    .sort();
}

/** The text under the heading `### <title>`, up to the next heading. */
function section(title: string): string {
  const lines = map.split('\n');
  const start = lines.indexOf(`### ${title}`);
  expect(start, `${MAP} has no heading "### ${title}"`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('#'));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** The folders a section lists: its top-level items that start with a folder in code, "- `name/`". */
function listed(text: string): string[] {
  return [...text.matchAll(/^- `([^`/]+)\/`/gm)].map((m) => m[1] ?? '').sort();
}

describe(MAP, () => {
  it.each([
    ['The repository', '.'],
    ['apps/server/src', 'apps/server/src'],
    ['apps/web/src', 'apps/web/src'],
  ])('"%s" has a line for every folder of %s, and only those', (title, dir) => {
    const onDisk = folders(dir);
    expect(onDisk.length).toBeGreaterThan(4);
    expect(listed(section(title))).toEqual(onDisk);
  });

  it('links only to files that exist', () => {
    const links = [...map.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThan(5);
    const missing = links.filter((link) => !existsSync(join(root, dirname(MAP), link)));
    expect(missing).toEqual([]);
  });

  it('names only README files that exist (the table of where decisions live)', () => {
    const named = [
      ...map.matchAll(/(?:^|[\s(`])((?:apps|packages|deploy|bench|e2e|scripts|docs)\/[\w./-]*README\.md)/gm),
    ];
    const paths = [...new Set(named.map((m) => m[1] ?? ''))];
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
