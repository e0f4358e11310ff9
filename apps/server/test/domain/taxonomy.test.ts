import { tweetCategory } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { KEYWORDS, COIN_HINTS } from '../../src/pipeline/enrich/categories/keywords';
import { categoryName, isCategoryId, TAXONOMY, tweetCategories } from '../../src/domain/taxonomy';

const PRIMARIES = [
  'trading',
  'derivatives',
  'defi',
  'l1-l2',
  'memecoins',
  'nft-gaming',
  'ai',
  'stablecoins',
  'exchanges',
  'regulation-macro',
  'security',
  'airdrops',
];

describe('category taxonomy', () => {
  it('has the twelve primaries, each with 2-6 secondaries', () => {
    expect(TAXONOMY.map((p) => p.id)).toEqual(PRIMARIES);
    for (const p of TAXONOMY) {
      expect(p.subs.length, p.id).toBeGreaterThanOrEqual(2);
      expect(p.subs.length, p.id).toBeLessThanOrEqual(6);
    }
  });

  it('uses rule-value ids: a primary slug, and primary/slug for secondaries', () => {
    const ids = new Set<string>();
    for (const p of TAXONOMY) {
      expect(p.id).toMatch(/^[a-z0-9-]+$/);
      ids.add(p.id);
      for (const s of p.subs) {
        expect(s.id).toMatch(new RegExp(`^${p.id}/[a-z0-9-]+$`));
        ids.add(s.id);
      }
    }
    expect(ids.size).toBe(TAXONOMY.reduce((n, p) => n + 1 + p.subs.length, 0));
    expect(isCategoryId('defi')).toBe(true);
    expect(isCategoryId('defi/lending')).toBe(true);
    expect(isCategoryId('defi/nope')).toBe(false);
    expect(isCategoryId('lending')).toBe(false);
  });

  it('serves the contract shape in English', () => {
    const en = tweetCategories('en');
    for (const item of en) expect(tweetCategory.parse(item)).toEqual(item);
    expect(en[0]).toMatchObject({ id: 'trading', name: 'Trading & TA' });
    expect(en.find((c) => c.id === 'defi')?.subs).toContainEqual({ id: 'defi/lending', name: 'Lending' });
  });

  it('serves the same ids with Chinese names', () => {
    const en = tweetCategories('en');
    const zh = tweetCategories('zh-CN');
    expect(zh.map((c) => c.id)).toEqual(en.map((c) => c.id));
    expect(zh.flatMap((c) => c.subs.map((s) => s.id))).toEqual(en.flatMap((c) => c.subs.map((s) => s.id)));
    expect(zh.find((c) => c.id === 'airdrops')?.name).toBe('空投');
    expect(zh.find((c) => c.id === 'stablecoins')?.name).toBe('稳定币');
    for (const c of zh) for (const name of [c.name, ...c.subs.map((s) => s.name)]) expect(name).not.toBe('');
  });

  it('names ids in either language', () => {
    expect(categoryName('security/hacks', 'en')).toBe('Hacks');
    expect(categoryName('security/hacks', 'zh-CN')).toBe('黑客攻击');
    expect(categoryName('nope', 'en')).toBeUndefined();
  });

  it('has keyword rules and coin hints only for taxonomy ids, every secondary covered', () => {
    for (const id of Object.keys(KEYWORDS)) expect(isCategoryId(id), id).toBe(true);
    for (const [id] of COIN_HINTS) expect(isCategoryId(id), id).toBe(true);
    for (const p of TAXONOMY) for (const s of p.subs) expect(KEYWORDS[s.id], s.id).toBeDefined();
  });

  it('writes Chinese keywords with Han characters and in lower case', () => {
    for (const [id, rule] of Object.entries(KEYWORDS)) {
      for (const raw of rule.zh.split(',')) {
        const entry = raw.trim().replace(/^[!?=]+/, '');
        expect(entry, id).toMatch(/\p{Script=Han}/u);
        expect(entry, id).toBe(entry.toLowerCase());
      }
    }
  });
});
