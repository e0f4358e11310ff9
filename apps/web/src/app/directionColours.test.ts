/**
 * Up/down colours are switched in one place (app/global.css, by app/upColour.ts): a source scan
 * fails when a stylesheet or component paints a direction with its own red or green, which would
 * stay put when the reader switches the convention.
 */
import { describe, expect, it } from 'vitest';

// The web project has no Node types; the test still runs in Node.
interface Fs {
  readFileSync(path: URL, encoding: 'utf8'): string;
  readdirSync(path: URL, options: { recursive: true }): string[];
}
const fs = (globalThis as unknown as { process: { getBuiltinModule(id: string): Fs } }).process.getBuiltinModule(
  'node:fs',
);

const SRC = new URL('../', import.meta.url);
const GLOBAL = 'app/global.css';
const read = (path: string) => fs.readFileSync(new URL(path, SRC), 'utf8');
const sources = fs
  .readdirSync(SRC, { recursive: true })
  .map((path) => path.replaceAll('\\', '/'))
  .filter((path) => /\.(css|tsx?)$/.test(path) && !path.endsWith('.test.ts'));
const stylesheets = sources.filter((path) => path.endsWith('.css'));

/** The palette's red and green and their tints, in hex and in rgb() form. */
const RAW = /#f5313d|#00a870|#fff0f0|#e9f8f2|\b245[\s,]+49[\s,]+61\b|\b0[\s,]+168[\s,]+112\b/gi;

/** Selectors naming a direction (.x--up, .x__down, .x--bullish) and what they must paint with. */
const DIRECTION = /(?:--|__)(up|down|bullish|bearish)\b/;
const ALLOWED = { up: /^var\(--ks-(up|bullish)(-tint)?\)$/, down: /^var\(--ks-(down|bearish)(-tint)?\)$/ };
const PAINT = /^(color|background|background-color|fill|stroke|border-color|--series)$/;

/** [selector, property, value] of every declaration, comments removed (flat CSS and @media). */
function declarations(css: string): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [, selector = '', body = ''] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    for (const decl of body.split(';')) {
      const at = decl.indexOf(':');
      if (at > 0) out.push([selector.trim(), decl.slice(0, at).trim(), decl.slice(at + 1).trim()]);
    }
  }
  return out;
}

describe('direction colours', () => {
  it('finds the sources it scans', () => {
    expect(stylesheets).toContain(GLOBAL);
    expect(stylesheets).toContain('features/prices/prices.css');
    expect(sources).toContain('features/report/LineChart.tsx');
  });

  it('writes the raw red and green only in app/global.css', () => {
    const found = sources
      .filter((path) => path !== GLOBAL)
      .flatMap((path) => (read(path).match(RAW) ?? []).map((hit) => `${path}: ${hit}`));
    expect(found).toEqual([]);
  });

  it('paints every up, down, bullish and bearish rule with the switched variables, each its own side', () => {
    const wrong = stylesheets
      .filter((path) => path !== GLOBAL)
      .flatMap((path) =>
        declarations(read(path))
          .filter(([selector, property]) => DIRECTION.test(selector) && PAINT.test(property))
          .filter(([selector, , value]) => {
            const side = DIRECTION.exec(selector)?.[1];
            return !ALLOWED[side === 'up' || side === 'bullish' ? 'up' : 'down'].test(value);
          })
          .map(([selector, property, value]) => `${path}: ${selector} { ${property}: ${value} }`),
      );
    expect(wrong).toEqual([]);
  });

  it('swaps up and down in one place, red up unless the root says green', () => {
    const rules = declarations(read(GLOBAL));
    const value = (selector: string, property: string) => rules.find(([s, p]) => s === selector && p === property)?.[2];
    expect(value(':root', '--ks-up')).toBe('var(--ks-red)');
    expect(value(':root', '--ks-down')).toBe('var(--ks-green)');
    expect(value(':root', '--ks-bullish')).toBe('var(--ks-up)');
    expect(value(':root', '--ks-bearish')).toBe('var(--ks-down)');
    expect(value(':root[data-up-colour="green"]', '--ks-up')).toBe('var(--ks-green)');
    expect(value(':root[data-up-colour="green"]', '--ks-down')).toBe('var(--ks-red)');
  });
});
