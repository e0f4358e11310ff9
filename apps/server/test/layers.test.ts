/**
 * The server's layers: http -> services -> pipeline / markets -> db -> domain. A file may import
 * its own layer or a lower one; a lower layer reports what happened (a returned value, a port the
 * layer above passes in, an event) and the layer above acts on it. A type-only import is an arrow
 * too. Pure file reads: every .ts file under src, its relative imports resolved.
 *
 * Where each folder sits:
 * - security/ (outbound address checks, redaction, image URL rules) imports nothing of ours and
 *   every layer uses it: a leaf, beside domain/.
 * - the top-level files (app.ts, cli.ts, runtime.ts, config.ts, seed.ts) wire everything: above
 *   http, so nothing below imports them. A layer that reads settings declares the ones it reads
 *   (pipeline/collection.ts CollectionSettings ...) and config.ts's Config extends them.
 * - pipeline/ and markets/ are one layer; between two folders of one layer the arrows run one
 *   way only (markets reads the demo story and the runner's backoff, pipeline nothing of markets).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Higher imports lower. A new folder under src must be placed here (the test fails until it is). */
const LAYER: Record<string, number> = {
  domain: 0,
  security: 0,
  db: 1,
  pipeline: 2,
  markets: 2,
  services: 3,
  http: 4,
};
const TOP_LEVEL = 5;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder under src a file is in, or '' for a top-level file. */
const folderOf = (file: string) => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0]! : '';
};

function layerOf(file: string): number {
  const folder = folderOf(file);
  if (folder === '') return TOP_LEVEL;
  const layer = LAYER[folder];
  if (layer === undefined) throw new Error(`src/${folder}/ has no layer: place it in LAYER (layers.test.ts)`);
  return layer;
}

const name = (file: string) => relative(SRC, file).split(sep).join('/');

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts'), base].find((p) => existsSync(p) && statSync(p).isFile());
}

interface Arrow {
  from: string;
  to: string;
}

/** Every relative import of every file under src (import type, export from and import() too). */
function arrows(): { arrows: Arrow[]; unresolved: string[] } {
  const found: Arrow[] = [];
  const unresolved: string[] = [];
  for (const file of tsFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: spec } of importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = resolveImport(file, spec);
      if (!target) unresolved.push(`${name(file)}: '${spec}'`);
      else if (target.startsWith(SRC)) found.push({ from: file, to: target });
    }
  }
  return { arrows: found, unresolved };
}

describe('layers of apps/server/src', () => {
  const all = arrows();

  it('finds the files and resolves every relative import', () => {
    expect(all.arrows.length).toBeGreaterThan(500);
    expect(all.unresolved).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward = all.arrows
      .filter((a) => layerOf(a.from) < layerOf(a.to))
      .map((a) => `${name(a.from)} -> ${name(a.to)}`);
    expect(upward).toEqual([]);
  });

  it('has arrows one way only between two folders of one layer', () => {
    const pairs = new Set<string>();
    for (const a of all.arrows) {
      const [from, to] = [folderOf(a.from), folderOf(a.to)];
      if (from !== to && layerOf(a.from) === layerOf(a.to)) pairs.add(`${from} -> ${to}`);
    }
    const both = [...pairs].filter((p) => pairs.has(p.split(' -> ').reverse().join(' -> ')));
    expect(both).toEqual([]);
  });
});
