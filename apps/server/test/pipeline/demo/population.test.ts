import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_COUNT, demoAccounts } from '../../../src/pipeline/sources/demo/index';

describe('demo population', () => {
  const accounts = demoAccounts(1);

  it('has about 2,000 accounts with unique, non-X-like ids and plausible handles', () => {
    expect(accounts).toHaveLength(DEMO_ACCOUNT_COUNT);
    expect(DEMO_ACCOUNT_COUNT).toBe(2000);
    expect(new Set(accounts.map((a) => a.id)).size).toBe(accounts.length);
    expect(new Set(accounts.map((a) => a.username.toLowerCase())).size).toBe(accounts.length);
    for (const a of accounts) {
      // 19 digits from 8e18: above any X id for decades, below the int64 limit.
      expect(a.id).toMatch(/^8\d{18}$/);
      expect(a.username).toMatch(/^[A-Za-z0-9_]{3,15}$/);
      expect(a.name.length).toBeGreaterThan(1);
      expect(a.icon).toBe(`/demo-media/avatar/${a.id}.svg`);
      expect(a.favouriteCoins.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('follows a power law: a few giants, a long tail from ~500', () => {
    const f = accounts.map((a) => a.followersCount).sort((x, y) => x - y);
    const median = f[f.length >> 1]!;
    expect(f[0]).toBeGreaterThanOrEqual(500);
    expect(median).toBeGreaterThan(900);
    expect(median).toBeLessThan(5000);
    expect(f.at(-1)).toBeGreaterThan(1_000_000);
    expect(f.at(-1)! / median).toBeGreaterThan(500);
    const millions = f.filter((x) => x > 1_000_000).length;
    expect(millions).toBeGreaterThanOrEqual(3);
    expect(millions).toBeLessThanOrEqual(40);
    const midRange = f.filter((x) => x >= 1000 && x <= 20_000).length;
    expect(midRange / f.length).toBeGreaterThan(0.4);
  });

  it('gives ~15% blue and ~2% business (gold) badges, leaning to bigger accounts', () => {
    const share = (t: string) => accounts.filter((a) => a.verifiedType === t).length / accounts.length;
    expect(share('blue')).toBeCloseTo(0.15, 2);
    expect(share('business')).toBeCloseTo(0.02, 2);
    expect(accounts.filter((a) => a.verifiedType === 'government').length).toBe(2);
    expect(accounts.every((a) => a.isBlueVerified === (a.verifiedType !== 'none'))).toBe(true);
    const meanFollowers = (xs: typeof accounts) => xs.reduce((s, a) => s + Math.log10(a.followersCount), 0) / xs.length;
    const badged = accounts.filter((a) => a.isBlueVerified);
    const plain = accounts.filter((a) => !a.isBlueVerified);
    expect(meanFollowers(badged)).toBeGreaterThan(meanFollowers(plain));
  });

  it('is about a quarter Chinese-speaking, with Chinese display names', () => {
    const zh = accounts.filter((a) => a.lang === 'zh');
    expect(zh.length / accounts.length).toBeGreaterThan(0.2);
    expect(zh.length / accounts.length).toBeLessThan(0.3);
    const hanNames = zh.filter((a) => /\p{Script=Han}/u.test(a.name)).length;
    expect(hanNames / zh.length).toBeGreaterThan(0.8);
  });

  it('is a pure function of the seed', () => {
    expect(demoAccounts(1)).toBe(accounts);
    const other = demoAccounts(2);
    expect(other.map((a) => a.username)).not.toEqual(accounts.map((a) => a.username));
  });
});
