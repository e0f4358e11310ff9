/** The operator's CLI against an embedded database in a temporary DATA_DIR. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli';
import { sourceStateRepo } from '../src/db/repos/source-state';
import { openRuntime } from '../src/runtime';
import { loadConfig } from '../src/config';
import { saveBatch } from '../src/pipeline/store';
import { storeHooks } from '../src/services/store-hooks';
import { seed } from '../src/seed';
import { rawPost } from './support/posts';

const dir = mkdtempSync(join(tmpdir(), 'kolscope-cli-'));
const saved = { ...process.env };

async function run(...argv: string[]) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  const err = vi.spyOn(console, 'error').mockImplementation((...a) => void out.push(a.join(' ')));
  const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
    throw new Error(`exit ${code}`);
  }) as never);
  try {
    await main(argv);
    return { code: 0, out: out.join('\n') };
  } catch (e) {
    const m = /^exit (\d+)$/.exec((e as Error).message);
    if (!m) throw e;
    return { code: Number(m[1]), out: out.join('\n') };
  } finally {
    log.mockRestore();
    write.mockRestore();
    err.mockRestore();
    exit.mockRestore();
  }
}

beforeAll(() => {
  process.env = { DATA_DIR: dir, INNER_CODES: 'ENV-CODE' };
});
afterAll(() => {
  process.env = saved;
  rmSync(dir, { recursive: true, force: true });
});

describe('kolscope CLI', () => {
  it('migrates', async () => {
    expect(await run('migrate')).toMatchObject({ code: 0, out: expect.stringContaining('database is up to date') });
  });
  it('adds, lists and removes inner codes', async () => {
    expect((await run('inner-code', 'add', 'TEAM-2026', '--note', 'launch')).code).toBe(0);
    const list = await run('inner-code', 'list');
    expect(list.out).toMatch(/ENV-CODE\tenv/);
    expect(list.out).toMatch(/TEAM-2026\tdatabase\tlaunch/);
    expect(await run('inner-code', 'add', 'TEAM-2026')).toMatchObject({
      code: 1,
      out: expect.stringContaining('already accepted'),
    });
    expect((await run('inner-code', 'remove', 'TEAM-2026')).code).toBe(0);
    expect((await run('inner-code', 'list')).out).not.toMatch(/TEAM-2026/);
    expect((await run('inner-code', 'remove', 'ENV-CODE')).code).toBe(1);
  });
  it('grants and revokes administrator rights', async () => {
    const rt = await openRuntime(loadConfig(), () => {});
    await seed(rt.services, { demo: true });
    await rt.close();
    expect((await run('admin', 'revoke', 'demo@kolscope.local')).code).toBe(0);
    let rt2 = await openRuntime(loadConfig(), () => {});
    const user = await rt2.services.accounts.login('demo@kolscope.local', 'kolscope-demo', {
      ip: '1',
      userAgent: '',
      lang: 'en',
    });
    expect(await rt2.services.accounts.isAdminById(Number(user.accountId))).toBe(false);
    await rt2.close();
    expect((await run('admin', 'grant', 'demo@kolscope.local')).code).toBe(0);
    rt2 = await openRuntime(loadConfig(), () => {});
    expect(await rt2.services.accounts.isAdminById(Number(user.accountId))).toBe(true);
    await rt2.close();
    expect(await run('admin', 'grant', 'ghost@kolscope.local')).toMatchObject({
      code: 1,
      out: expect.stringContaining('no account uses'),
    });
    expect((await run('admin', 'promote', 'x')).code).toBe(1);
  });
  it('stops with a clear message on a wrong configuration value', async () => {
    process.env.PORT = 'eighty';
    const res = await run('migrate');
    delete process.env.PORT;
    expect(res).toMatchObject({
      code: 1,
      out: expect.stringContaining('PORT must be a whole number from 1 to 65535 (got "eighty")'),
    });
  });
  it('never prints a password from the configuration', async () => {
    process.env.DATABASE_URL = 'mysql://admin:S3cretPW@db.example.com/kol';
    const res = await run('migrate');
    delete process.env.DATABASE_URL;
    expect(res.code).toBe(1);
    expect(res.out).toContain('mysql://admin:***@db.example.com/kol');
    expect(res.out).not.toContain('S3cretPW');
  });
  it('refuses to start the demo administrator on a public HOST', async () => {
    process.env.HOST = '0.0.0.0';
    const res = await run('start');
    delete process.env.HOST;
    expect(res).toMatchObject({ code: 1, out: expect.stringContaining('SEED_DEMO=public') });
  });
  it('lists the sources with their state', async () => {
    const rt = await openRuntime(loadConfig(), () => {});
    await sourceStateRepo(rt.db).recordBatch('demo', { cursor: 'demo1:1:2:3', posts: 5, rejected: 1, now: new Date() });
    await rt.close();
    const res = await run('sources');
    expect(res.out).toMatch(/^source\tstate\thealth\tposts\trejected\terrors/m);
    expect(res.out).toMatch(/^demo\ton\tok\t5\t1\t0\t\d{4}-.*demo1:1:2:3$/m);
  });
  it('says a source is failing when its last requests all failed, with the service’s own words', async () => {
    const rt = await openRuntime(loadConfig(), () => {});
    const repo = sourceStateRepo(rt.db);
    await repo.recordBatch('demo', { cursor: 'demo1:1:2:3', posts: 5, rejected: 0, now: new Date() });
    await repo.recordRequests('demo', 2, 'HTTP 400: reverse must be true or false', new Date());
    await rt.close();
    expect((await run('sources')).out).toMatch(/^demo\ton\tok\t/m);
    const again = await openRuntime(loadConfig(), () => {});
    await sourceStateRepo(again.db).recordRequests('demo', 3, 'HTTP 400: reverse must be true or false', new Date());
    await again.close();
    const res = await run('sources');
    expect(res.out).toMatch(
      /^demo\ton\tfailing \(3 requests in a row\)\t\d+\t\d+\t\d+\t.*HTTP 400: reverse must be true or false/m,
    );
  });
  it('lists Telegram and Farcaster when SOURCES names them, before and after their first batch', async () => {
    Object.assign(process.env, {
      SOURCES: 'telegram,farcaster',
      TELEGRAM_CHANNELS: '@wublockchain',
      FARCASTER_HUB_URL: 'http://127.0.0.1:2281',
      FARCASTER_FIDS: '3',
    });
    try {
      const rt = await openRuntime(loadConfig(), () => {});
      await sourceStateRepo(rt.db).recordBatch('telegram', {
        cursor: '{"v":1}',
        posts: 20,
        rejected: 2,
        now: new Date(),
      });
      await rt.close();
      const res = await run('sources');
      expect(res.out).toMatch(/^telegram\ton\tok\t20\t2\t0\t\d{4}-.*\{"v":1\}$/m);
      expect(res.out).toMatch(/^farcaster\ton\tok\t0\t0\t0\t-\t-\t-$/m);
      // The demo source ran before but is no longer configured.
      expect(res.out).toMatch(/^demo\toff\t/m);
    } finally {
      for (const k of ['SOURCES', 'TELEGRAM_CHANNELS', 'FARCASTER_HUB_URL', 'FARCASTER_FIDS']) delete process.env[k];
    }
  });

  it('classifies a CSV and evaluates against its labels', async () => {
    const file = join(dir, 'posts.csv');
    writeFileSync(
      file,
      'text,label\n"Breakout confirmed, $SOL to the moon 🚀",bullish\n"Lost support, getting rekt, dumping everything",bearish\n"Fed meets on Wednesday, ""details"" at 2pm",neutral\n',
    );
    const classified = await run('classify', file);
    const lines = classified.out.trim().split(/\r?\n/);
    expect(lines[0]).toBe('text,label,predicted_label,score,cues,call,confidence');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,bullish,bullish,0\.\d+,/);
    expect(lines[2]).toMatch(/,bearish,bearish,-0\.\d+,/);
    const evaluated = await run('eval', file);
    expect(evaluated.out).toMatch(/accuracy/i);
    expect(evaluated.out).toMatch(/macro-F1/i);
  });

  it('refuses a missing file and a CSV without a text column', async () => {
    expect(await run('classify', join(dir, 'nope.csv'))).toMatchObject({
      code: 1,
      out: expect.stringContaining('cannot read'),
    });
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'body,label\nhello,neutral\n');
    expect((await run('eval', bad)).code).toBe(1);
    expect((await run('classify')).code).toBe(1);
  });

  it('reviews missing-KOL submissions', async () => {
    const rt = await openRuntime(loadConfig(), () => {});
    const user = await rt.services.accounts.createDirect('asker@example.com', 'asker-pass', {
      isAdmin: false,
      lang: 'en',
    });
    await rt.services.kolReview.submit(user!.id, 'fresh_voice');
    await rt.close();
    const list = await run('kol', 'review');
    const id = /^(\d+)\t@fresh_voice\t1 request\(s\)\tfirst by asker@example.com$/m.exec(list.out)?.[1];
    expect(id).toBeDefined();
    expect((await run('kol', 'approve', id!)).out).toContain('@fresh_voice approved: now tracked');
    expect((await run('kol', 'approve', id!)).code).toBe(1);
    expect((await run('kol', 'review')).out).toContain('(no submissions waiting)');
  });

  it('re-reads stored posts with the current classifier, of the last days with --since', async () => {
    const rt = await openRuntime(loadConfig(), () => {});
    const now = Math.floor(Date.now() / 1000);
    // Stored as neutral with no model; the configured classifier (the shipped model, or the rules
    // without weights) reads them bearish and bullish.
    const posts = [
      rawPost({ text: 'Lost support, getting rekt, dumping everything', createdAt: now - 3600 }),
      rawPost({ text: 'Breakout confirmed, $SOL to the moon 🚀', createdAt: now - 10 * 86_400 }),
    ];
    const wrong = {
      coins: [],
      categories: [],
      sentiment: { label: 'neutral' as const, score: 0, cues: [] },
      lang: 'en',
    };
    await saveBatch(
      rt.db,
      {
        source: 'test',
        posts,
        enrichments: [wrong, wrong],
        cursor: null,
        rejected: 0,
        now: new Date(),
      },
      storeHooks,
    );
    const readings = await rt.services.classifier.classify(posts.map((p) => p.text));
    expect(readings.map((r) => r.label)).toEqual(['bearish', 'bullish']);
    const model = readings[0]!.model;
    await rt.close();

    expect(await run('reclassify', '--since', 'soon')).toMatchObject({
      code: 1,
      out: expect.stringContaining('--since'),
    });
    const recent = await run('reclassify', '--since', '2');
    expect(recent.code).toBe(0);
    expect(recent.out).toMatch(/reclassify: 1\/1 posts read \(100%\), 1 changed/);
    expect(recent.out).toContain(`reclassify: done, 1 posts read, 1 changed (now read by ${model})`);
    const all = await run('reclassify');
    expect(all.out).toMatch(/done, \d+ posts read, 1 changed/);
    expect((await run('reclassify')).out).toMatch(/done, \d+ posts read, 0 changed/);

    const check = await openRuntime(loadConfig(), () => {});
    const rows = await check.db.query<{ sentiment: number; sentiment_model: string }>(
      'SELECT sentiment, sentiment_model FROM posts WHERE id = ANY($1::text[]) ORDER BY ct DESC',
      [posts.map((p) => p.id)],
    );
    await check.close();
    expect(rows).toEqual([
      { sentiment: -1, sentiment_model: model },
      { sentiment: 1, sentiment_model: model },
    ]);
  });

  it('prints usage for no command and refuses an unknown one', async () => {
    expect((await run()).out).toMatch(/Usage: kolscope <command>/);
    expect((await run('fly')).code).toBe(1);
  });
});
