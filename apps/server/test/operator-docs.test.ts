/** The operator docs stay true: every variable and command the server has is documented, and nothing more. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../src/cli';
import { CONFIG_VARIABLES, MODEL_VARIABLES } from '../src/config';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The first cell of each row of the markdown table under `heading` (up to the next heading). */
function firstCells(doc: string, heading: string): string[] {
  const start = doc.indexOf(heading);
  expect(start, `${heading} not found`).toBeGreaterThanOrEqual(0);
  const section = doc.slice(start + heading.length).split(/\n#{1,6} /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => line.split(/(?<!\\)\|/)[1] ?? '');
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').replace(/\\\|/g, '|'));

/** "kol approve|reject ID" → ["kol approve", "kol reject"]: the words before the first argument. */
function commandNames(usage: string): string[] {
  const words: string[] = [];
  for (const word of usage.trim().split(/\s+/)) {
    if (/^[[A-Z-]/.test(word)) break;
    words.push(word);
  }
  const last = words.pop() ?? '';
  return last.split('|').map((alt) => [...words, alt].join(' '));
}

describe('operator docs', () => {
  it("README's configuration table lists every variable the server reads, and only those", () => {
    const documented = new Set(
      firstCells(read('README.md'), '## Configuration')
        .flatMap(codeSpans)
        .map((span) => span.split('=')[0]),
    );
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES, ...MODEL_VARIABLES].sort());
  });

  it('the variables read outside loadConfig are read where config.ts says', () => {
    expect(read('apps/server/src/pipeline/enrich/sentiment/model/weights.ts')).toContain(
      `process.env.${MODEL_VARIABLES[0]}`,
    );
    expect(read('apps/server/src/pipeline/enrich/sentiment/model/data.ts')).toContain(
      `process.env.${MODEL_VARIABLES[1]}`,
    );
  });

  it("docs/OPERATIONS.md's CLI table lists every command of the usage text, and only those", () => {
    const inUsage = USAGE.split('\n')
      .filter((line) => /^ {2}[a-z]/.test(line))
      .flatMap((line) => commandNames(line.trim().split(/\s{2,}/)[0] ?? ''));
    const documented = firstCells(read('docs/OPERATIONS.md'), '## CLI')
      .flatMap(codeSpans)
      .flatMap((span) => commandNames(span.replace(/^kolscope /, '')));
    expect(new Set(inUsage).size).toBeGreaterThan(10);
    expect([...new Set(documented)].sort()).toEqual([...new Set(inUsage)].sort());
  });
});
