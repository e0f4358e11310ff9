/**
 * A push (matched in JavaScript when an item arrives) and the list (matched in SQL when read)
 * must agree, or a user is notified of something the view does not show. Same regex, two
 * engines: checked on the cases that differ most between them. Also the app names forwarders send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordCondition } from '../../src/db/repos/keyword-match';
import { sourceOfApp } from '../../src/services/notifications/forward';
import { matchedKeywords, matchesGroups } from '../../src/services/notifications/match';
import { openTestDb } from '../support/test-app';

let db: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.db.close();
  await db.drop();
});

const TEXTS = [
  'BTC ETF approved',
  'the method matters',
  '比特币现货ETF获批，牛市来了',
  'new airdrop: claim now!',
  'AIRDROPS are over',
  '$ETH to 5k',
  'eth/btc ratio',
  'record  on\tthe DEX',
  'c++ devs wanted',
  'Alpha\nCalls\nSOL pump',
];
const KEYWORDS = ['btc', 'eth', 'etf', '牛市', 'airdrop', 'record on', 'c++', 'calls sol', 'sol', 'dex'];

describe('keyword matching', () => {
  it('gives the same answer in JavaScript and in SQL', async () => {
    for (const text of TEXTS) {
      for (const keyword of KEYWORDS) {
        // The SQL condition the feed and the message list use: LIKE pre-filter, then the regex.
        const params: unknown[] = [text];
        const param = (v: unknown) => `$${params.push(v)}`;
        const [row] = await db.db.query<{ m: boolean }>(
          `SELECT ${keywordCondition('$1::text', [keyword], param)} AS m`,
          params,
        );
        expect(matchesGroups(text, [[keyword]]), `${keyword} in ${JSON.stringify(text)}`).toBe(row!.m);
      }
    }
  });

  it('needs every group, any keyword of a group; lists the keywords found', () => {
    expect(matchesGroups('BTC ETF approved', [['btc'], ['etf', 'sec']])).toBe(true);
    expect(matchesGroups('BTC only', [['btc'], ['etf', 'sec']])).toBe(false);
    expect(matchesGroups('anything', [])).toBe(false);
    expect(matchedKeywords('BTC ETF approved', [['btc', 'eth'], ['etf']])).toEqual(['btc', 'etf']);
  });
});

describe('app names', () => {
  it('maps source ids, app names and Android packages to custom sources', () => {
    const cases: [string, string | undefined][] = [
      ['telegram', 'telegram'],
      ['Telegram X', 'telegram'],
      ['org.telegram.messenger', 'telegram'],
      ['org.thunderdog.challegram', 'telegram'],
      ['com.tencent.mm', 'wechat'],
      ['微信', 'wechat'],
      ['WeChat', 'wechat'],
      ['com.whatsapp.w4b', 'whatsapp'],
      ['WhatsApp Business', 'whatsapp'],
      ['com.discord', 'discord'],
      ['com.android.messaging', undefined],
      ['Gmail', undefined],
    ];
    for (const [app, source] of cases) expect(sourceOfApp(app), app).toBe(source);
  });
});
