import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_COUNT, demoAccounts, demoAvatarUrl } from '../../../src/pipeline/sources/demo/index';

describe('demo population', () => {
  const accounts = demoAccounts(1);

  it('has about 2,000 accounts with unique, non-X-like ids and plausible handles', () => {
    expect(accounts).toHaveLength(DEMO_ACCOUNT_COUNT);
    expect(DEMO_ACCOUNT_COUNT).toBe(2000);
    expect(new Set(accounts.map((a) => a.id)).size).toBe(accounts.length);
    expect(new Set(accounts.map((a) => a.username.toLowerCase())).size).toBe(accounts.length);
    for (const a of accounts) {
      if (a.network === 'x') {
        // 19 digits from 8e18: above any X id for decades, below the int64 limit.
        expect(a.id).toMatch(/^8\d{18}$/);
        expect(a.username).toMatch(/^[A-Za-z0-9_]{3,15}$/);
      } else if (a.network === 'telegram') {
        expect(a.id).toBe(`tg:${a.username}`);
        expect(a.username).toMatch(/^[a-z][a-z0-9_]{4,31}$/);
      } else {
        expect(a.id).toMatch(/^fc:\d+$/);
        expect(a.username).toMatch(/^[a-z0-9]{3,24}(\.eth)?$/);
      }
      expect(a.name.length).toBeGreaterThan(1);
      expect(a.icon).toBe(demoAvatarUrl(a.id));
      expect(a.icon).toMatch(/^\/demo-media\/avatar\/[\w%.-]+\.svg$/);
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

  it('puts some accounts on Telegram (mostly Chinese) and Farcaster, a few persons on two networks', () => {
    const on = (n: string) => accounts.filter((a) => a.network === n);
    expect(on('telegram').length).toBeGreaterThan(100);
    expect(on('farcaster').length).toBeGreaterThan(50);
    expect(on('x').length / accounts.length).toBeGreaterThan(0.8);
    expect(on('telegram').filter((a) => a.lang === 'zh').length / on('telegram').length).toBeGreaterThan(0.5);
    const byUrl = new Map<string, (typeof accounts)[number]>();
    for (const a of accounts) {
      const url =
        a.network === 'telegram'
          ? `https://t.me/${a.username}`
          : a.network === 'farcaster'
            ? `https://warpcast.com/${a.username}`
            : `https://x.com/${a.username}`;
      byUrl.set(url, a);
    }
    const linked = accounts.filter((a) => a.links?.length);
    expect(linked.length).toBeGreaterThanOrEqual(30);
    for (const a of linked) {
      const twin = byUrl.get(a.links![0]!)!;
      expect(twin.network).not.toBe(a.network);
      expect(twin.links!.map((u) => byUrl.get(u))).toContain(a);
      expect(twin.favouriteCoins).toEqual(a.favouriteCoins);
    }
  });

  it('has a handful of shill bots that post nothing organically', () => {
    const bots = accounts.filter((a) => a.promoBot);
    expect(bots.length).toBeGreaterThanOrEqual(6);
    expect(bots.every((a) => a.activity === 0 && a.network === 'x')).toBe(true);
  });

  it('is a pure function of the seed', () => {
    expect(demoAccounts(1)).toBe(accounts);
    const other = demoAccounts(2);
    expect(other.map((a) => a.username)).not.toEqual(accounts.map((a) => a.username));
  });
});
