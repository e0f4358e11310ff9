/**
 * Generated summaries of the bull and bear case (issue 33 §3, SUMMARY_URL) against a local
 * OpenAI-compatible endpoint: off without it; the request it is sent (model, key, bounded
 * tokens, headlines and counts only, the reader's language); kept per view, period and language;
 * a side without arguments stays empty; failures answer `unavailable`, never an error, and are
 * not retried on every request; the server's and one user's hourly bounds; another user's view.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SUMMARY_FAILURE_KEEP_MS,
  SUMMARY_MAX_TOKENS,
  USER_SUMMARIES_PER_HOUR,
} from '../../src/services/arguments/summary';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

type Seen = {
  auth: string | undefined;
  body: { model: string; max_tokens: number; messages: { role: string; content: string }[] };
};
/** What the endpoint does next: answer this content, or fail with a status. */
let reply: { content?: string; status?: number } = {};
const seen: Seen[] = [];
let server: Server;
let url: string;

/** The documented chat-completions response shape (platform.openai.com API reference, "The chat completion object"). */
const completion = (content: string) => ({
  id: 'chatcmpl-summary',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'summary-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180 },
});

let t: TestApp;
let off: TestApp;
let ann: string;
let bob: string;
const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

async function coinView(app: TestApp, token: string, coin: string) {
  const res = await app.call('view/v2/coin_opinion_add', { coin, kolGroupId: '' }, { token });
  const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
  return list.find((v) => v.view_id === 'coin_opinion')!.subs.at(-1)!.view_id;
}
async function summary(app: TestApp, token: string, viewId: string, lang = 'en', period = '1d', interval = '1h') {
  const res = await app.call('view/v2/opinion_summary', { viewId, period, interval }, { token, lang });
  return res.body as { ret: number; msg?: string; data: Record<string, unknown> };
}

let authors = 0;
let themes = 0;
/** Each coin's arguments in other words: alike posts stored earlier would make them copies. */
const THEMES = [
  {
    up: 'ETF approval is coming, inflows will push it higher',
    down: 'bridge hack drained the treasury, exploit not fixed',
  },
  { up: 'staking yields keep rising as validators join', down: 'unlock schedule dumps tokens on holders next month' },
  {
    up: 'developer activity doubled since the upgrade shipped',
    down: 'regulators opened an inquiry into the foundation',
  },
  { up: 'exchange listing in Korea brings fresh retail demand', down: 'whales moved their bags to exchanges to sell' },
];
/**
 * Six posts of one bullish argument and four of one bearish, on `coin`, three hours ago (inside
 * every report window), each by its own author (one author's alike posts would be copies).
 */
async function arguments_(coin: string, bearish = true) {
  const at = nowS() - 3 * 3600;
  const theme = THEMES[themes++ % THEMES.length]!;
  const author = () => String(1100 + authors++);
  await storePosts(t.db, [
    ...Array.from({ length: 6 }, (_, i) => ({
      text: `${coin} ${theme.up} ${i}`,
      ct: at + i * 60,
      coins: [coin],
      sentiment: 'bullish' as const,
      authorId: author(),
      username: `etf${authors}`,
    })),
    // Without a bearish side these are neutral: a group of its own, on no side (and the words the
    // bullish posts share still tell them apart).
    ...Array.from({ length: 4 }, (_, i) => ({
      text: `${coin} ${theme.down} ${i}`,
      ct: at + 600 + i * 60,
      coins: [coin],
      sentiment: bearish ? ('bearish' as const) : ('neutral' as const),
      authorId: author(),
      username: `hack${authors}`,
    })),
  ]);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      seen.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      if (reply.status) return void res.writeHead(reply.status).end('{"error":{"message":"overloaded"}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(reply.content ?? '')));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await startTestApp({ summaries: { url, apiKey: 'sk-summary', model: 'summary-model', perHour: 40 } });
  ann = await registerAndLogin(t, 'ann-summary@example.com');
  bob = await registerAndLogin(t, 'bob-summary@example.com', 'secret-pass', '10.9.0.2');
  off = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await new Promise<void>((ok) => server.close(() => ok()));
});
beforeEach(() => {
  reply = {
    content: '{"bullish": "KOLs expect an ETF approval and inflows.", "bearish": "Others fear the bridge hack."}',
  };
  seen.length = 0;
});

describe('summaries of the bull and bear case', () => {
  it('are off without SUMMARY_URL, and still keep to the caller’s own views', async () => {
    const token = await registerAndLogin(off, 'off-summary@example.com');
    const view = await coinView(off, token, 'SOL');
    expect((await summary(off, token, view)).data).toEqual({
      state: 'off',
      bullish: '',
      bearish: '',
      model: '',
      generated_at: 0,
    });
    const other = await registerAndLogin(off, 'off-other@example.com', 'secret-pass', '10.9.0.3');
    expect(await summary(off, other, view)).toEqual({ ret: 404, msg: 'Not found' });
  });

  it('are written from the headlines in the reader’s language, marked with the model, and kept', async () => {
    const view = await coinView(t, ann, 'ADA');
    await arguments_('ADA');
    const args = (
      await t.call('view/v2/opinion_arguments', { viewId: view, period: '1d', interval: '1h' }, { token: ann })
    ).body.data as { bullish: { headline: string }[]; bearish: { headline: string }[] };
    expect(args.bullish).toHaveLength(1);
    expect(args.bearish).toHaveLength(1);

    const en = await summary(t, ann, view);
    expect(en.data).toEqual({
      state: 'ready',
      bullish: 'KOLs expect an ETF approval and inflows.',
      bearish: 'Others fear the bridge hack.',
      model: 'summary-model',
      generated_at: nowS(),
    });
    expect(seen).toHaveLength(1);
    const [sent] = seen;
    expect(sent!.auth).toBe('Bearer sk-summary');
    expect(sent!.body.model).toBe('summary-model');
    expect(sent!.body.max_tokens).toBe(SUMMARY_MAX_TOKENS);
    const [system, user] = sent!.body.messages;
    expect(system!.content).toContain('Write in English');
    // Only the subject, headlines and counts go out.
    expect(user!.content).toContain('Subject: $ADA');
    expect(user!.content).toContain(`6 posts by 6 KOLs: ${JSON.stringify(args.bullish[0]!.headline)}`);
    expect(user!.content).toContain(`4 posts by 4 KOLs: ${JSON.stringify(args.bearish[0]!.headline)}`);
    expect(user!.content).not.toContain('@etf');

    // Kept: the same view and period again asks nothing; Chinese is written once, in Chinese.
    await summary(t, ann, view);
    reply.content = '```json\n{"bullish": "KOL 预计 ETF 获批。", "bearish": "也有人担心跨链桥被盗。"}\n```';
    const zh = await summary(t, ann, view, 'zh-CN');
    expect(zh.data).toMatchObject({
      state: 'ready',
      bullish: 'KOL 预计 ETF 获批。',
      bearish: '也有人担心跨链桥被盗。',
    });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body.messages[0]!.content).toContain('Write in Simplified Chinese');
    await summary(t, ann, view, 'zh-CN');
    expect(seen).toHaveLength(2);
    // Another period is another summary.
    await summary(t, ann, view, 'en', '1w', '1d');
    expect(seen).toHaveLength(3);
  });

  it('leave a side without arguments empty, whatever the model says of it', async () => {
    const view = await coinView(t, ann, 'DOT');
    await arguments_('DOT', false);
    const s = await summary(t, ann, view);
    expect(s.data).toMatchObject({ state: 'ready', bullish: 'KOLs expect an ETF approval and inflows.', bearish: '' });
    expect(seen[0]!.body.messages[1]!.content).toContain('Bearish arguments:\n(none)');
  });

  it('answer unavailable when the endpoint fails or talks nonsense, and do not ask again at once', async () => {
    const view = await coinView(t, ann, 'AVAX');
    await arguments_('AVAX');
    reply = { status: 503 };
    expect((await summary(t, ann, view)).data).toMatchObject({ state: 'unavailable', bullish: '', bearish: '' });
    expect((await summary(t, ann, view)).data).toMatchObject({ state: 'unavailable' });
    expect(seen).toHaveLength(1);
    // After the failure's short keep it asks again; a reply that is no summary is a failure too.
    t.clock.advance(SUMMARY_FAILURE_KEEP_MS / 1000 + 1);
    reply = { content: 'I cannot help with that.' };
    expect((await summary(t, ann, view)).data).toMatchObject({ state: 'unavailable' });
    expect(seen).toHaveLength(2);
    t.clock.advance(SUMMARY_FAILURE_KEEP_MS / 1000 + 1);
    reply = { content: '{"bullish": "Back.", "bearish": "Still worried."}' };
    expect((await summary(t, ann, view)).data).toMatchObject({ state: 'ready', bullish: 'Back.' });
  });

  it('keep one user within their hourly share, so the server’s stays for the others', async () => {
    // Every (view, period, interval, language) is one summary; Cy spends his share on one view.
    const cy = await registerAndLogin(t, 'cy-summary@example.com', 'secret-pass', '10.9.0.4');
    const view = await coinView(t, cy, 'NEAR');
    await arguments_('NEAR');
    const pairs = [
      ['1d', '1m'],
      ['1d', '5m'],
      ['1d', '15m'],
      ['1d', '30m'],
      ['1d', '1h'],
      ['1w', '5m'],
      ['1w', '15m'],
      ['1w', '30m'],
      ['1w', '1h'],
      ['1w', '1d'],
      ['1m', '30m'],
      ['1m', '1h'],
      ['1m', '1d'],
      ['1m', '1w'],
    ].flatMap(([p, i]) => ['en', 'zh-CN'].map((lang) => [p!, i!, lang] as const));
    const states: string[] = [];
    for (const [p, i, lang] of pairs) {
      const res = await t.call(
        'view/v2/opinion_summary',
        { viewId: view, period: p, interval: i },
        { token: cy, lang },
      );
      if (res.body.ret === 1) states.push((res.body.data as { state: string }).state);
    }
    expect(states.length, states.join()).toBeGreaterThan(USER_SUMMARIES_PER_HOUR);
    expect(states).toEqual([
      ...Array(USER_SUMMARIES_PER_HOUR).fill('ready'),
      ...Array(states.length - USER_SUMMARIES_PER_HOUR).fill('unavailable'),
    ]);
    expect(seen).toHaveLength(USER_SUMMARIES_PER_HOUR);
    // Bob still gets his.
    const bobs = await coinView(t, bob, 'NEAR');
    expect((await summary(t, bob, bobs)).data).toMatchObject({ state: 'ready' });
    // An hour on, Cy has his share again.
    t.clock.advance(3601);
    expect((await summary(t, cy, view, 'en', '1m', '1w')).data).toMatchObject({ state: 'ready' });
  });

  it('keep the server within SUMMARY_PER_HOUR', async () => {
    const capped = await startTestApp({ summaries: { url, model: 'm', perHour: 1 } });
    try {
      const token = await registerAndLogin(capped, 'cap-summary@example.com');
      const view = await coinView(capped, token, 'BTC');
      const at = Math.floor(capped.clock.now().getTime() / 1000) - 3 * 3600;
      await storePosts(
        capped.db,
        Array.from({ length: 6 }, (_, i) => ({
          text: i < 3 ? `BTC halving supply shock is bullish ${i}` : `BTC miners capitulate and sell reserves ${i}`,
          ct: at + i * 60,
          coins: ['BTC'],
          sentiment: i < 3 ? ('bullish' as const) : ('bearish' as const),
          authorId: String(1300 + i),
          username: `halving${i}`,
        })),
      );
      expect((await summary(capped, token, view)).data).toMatchObject({ state: 'ready' });
      expect((await summary(capped, token, view, 'zh-CN')).data).toMatchObject({ state: 'unavailable' });
      expect(seen).toHaveLength(1);
      expect(seen[0]!.auth).toBeUndefined();
    } finally {
      await capped.close();
    }
  });

  it('refuse bad input clearly and keep other users’ views out of reach', async () => {
    const view = await coinView(t, ann, 'ATOM');
    expect(await summary(t, bob, view)).toEqual({ ret: 404, msg: 'Not found' });
    const bad = await t.call('view/v2/opinion_summary', { viewId: view, period: '2d', interval: '1h' }, { token: ann });
    expect(bad.body).toMatchObject({ ret: 400 });
    expect(seen).toHaveLength(0);
  });
});
