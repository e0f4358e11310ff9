/**
 * Issue 13: every refused request used to add a rate_limit_hits row (16,026 in 20 s). A refused
 * attempt now leaves no row, so a key holds at most `max` rows, and old rows are pruned every
 * 10 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_SECONDS, LIMITS, PRUNE_EVERY_SECONDS } from '../src/services/rate-limit';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function rows(key: string): Promise<number> {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_hits WHERE key = $1', [key]);
  return row?.n ?? -1;
}
const checkInner = (ip: string) => t.call('account/check_inner_code', { innerCode: 'WRONG' }, { ip });

describe('rate_limit_hits under a flood', () => {
  it('1,000 refused hits leave at most max rows for the key', async () => {
    const ip = '10.44.0.1';
    const { max } = LIMITS.innerCodePerIp;
    const statuses: number[] = [];
    for (let i = 0; i < max + 1000; i++) statuses.push((await checkInner(ip)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000);
    expect(await rows(`${LIMITS.innerCodePerIp.name}:${ip}`)).toBe(max);
  });

  it('parallel refused hits leave at most max rows too', async () => {
    const ip = '10.44.0.2';
    const answers = await Promise.all(Array.from({ length: 300 }, () => checkInner(ip)));
    const passed = answers.filter((a) => a.status !== 429).length;
    expect(passed).toBeLessThanOrEqual(LIMITS.innerCodePerIp.max);
    expect(await rows(`${LIMITS.innerCodePerIp.name}:${ip}`)).toBe(passed);
  });

  it('prunes rows older than the longest window on a 10-minute cadence', async () => {
    const ip = '10.44.0.3';
    await checkInner(ip);
    expect(await rows(`${LIMITS.innerCodePerIp.name}:${ip}`)).toBe(1);
    t.clock.advance(KEEP_SECONDS + PRUNE_EVERY_SECONDS + 1);
    await checkInner('10.44.0.4');
    expect(await rows(`${LIMITS.innerCodePerIp.name}:${ip}`)).toBe(0);
    expect(await rows(`${LIMITS.innerCodePerIp.name}:10.44.0.4`)).toBe(1);
  });
});
