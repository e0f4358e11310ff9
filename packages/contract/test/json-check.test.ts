import { describe, expect, it } from 'vitest';
import { checkJson, fromWire, MAX_JSON_DEPTH, toWire, wirePath } from '../src/index';

/** `depth` arrays one inside the other, built without recursion (as JSON.parse would). */
function nested(depth: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a_b: v };
  return v;
}

describe('checkJson', () => {
  it('accepts ordinary bodies, emoji (surrogate pairs) and CJK included', () => {
    expect(checkJson({ name: '比特币 🚀', keyword_groups: [['moon 🌕', 'etf']], n: 1, ok: true, x: null })).toBeNull();
  });

  it('names the first string with a NUL or a lone surrogate by its wire path', () => {
    expect(checkJson({ keyword_groups: [['a', 'b', 'c', 'd\u0000']] })).toEqual({
      kind: 'nul',
      path: 'keyword_groups[0][3]',
    });
    expect(checkJson({ matching_rules: [{ rules: [{ value: 'x\uD800' }] }] })).toEqual({
      kind: 'lone_surrogate',
      path: 'matching_rules[0].rules[0].value',
    });
    expect(checkJson({ a: '\uDC00 first', b: '\u0000 second' })?.path).toBe('a');
    expect(checkJson({ 'bad\u0000key': 1 })).toEqual({ kind: 'nul', path: '' });
  });

  it('stops at the depth limit, however deep the value', () => {
    expect(checkJson(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(checkJson(nested(MAX_JSON_DEPTH + 1))?.kind).toBe('too_deep');
    expect(checkJson(nested(200_000))?.kind).toBe('too_deep');
  });

  it('leaves the key named skipKey to the caller', () => {
    expect(checkJson({ posts: ['\u0000', nested(1000)] }, { skipKey: 'posts' })).toBeNull();
    expect(checkJson({ other: '\u0000' }, { skipKey: 'posts' })?.path).toBe('other');
  });
});

describe('wire conversion at any depth', () => {
  it('converts a value nested 200,001 deep without overflowing the stack', () => {
    const code = fromWire(nested(200_001)) as { aB: unknown };
    expect(Object.keys(code)).toEqual(['aB']);
    expect(Object.keys(toWire(code) as object)).toEqual(['a_b']);
  });

  it('never writes a key that reaches the prototype, even after renaming', () => {
    const out = toWire({ _Proto__: { polluted: true }, ok: 1 }) as Record<string, unknown>;
    expect(out).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names code paths in wire case', () => {
    expect(wirePath(['author', 'followersCount'])).toBe('author.followers_count');
    expect(wirePath(['matchingRules', 0, 'rules', 2])).toBe('matching_rules[0].rules[2]');
  });
});
