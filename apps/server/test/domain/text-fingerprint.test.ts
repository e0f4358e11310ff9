import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  fingerprint,
  hammingDistance,
  isNearDuplicate,
  NEAR_DUPLICATE_BITS,
  tokens,
} from '../../src/domain/text-fingerprint';

const PROMO =
  'Funding on $BTC still negative while price grinds up, shorts are trapped here. Longing with 50x, target 98k tonight';

/** Copies: the same sentence with another emoji, link, mention, case or one word changed. */
const COPIES: [string, string][] = [
  [PROMO, `${PROMO} 🚀🚀`],
  [PROMO, `${PROMO} https://t.me/pumpgroup/123`],
  [PROMO, `@whale_alerts ${PROMO.toUpperCase()}`],
  [PROMO, PROMO.replace('tonight', 'today')],
  [
    'Join our VIP channel for free signals, 10 winning calls in a row this week, link in bio 👇',
    'Join our VIP channel for free signals!! 10 winning calls in a row this week, link in bio 🔥',
  ],
  [
    '空投领取通道已开放，连接钱包即可领取 500 枚代币，先到先得，数量有限',
    '空投领取通道已开放！连接钱包即可领取 500 枚代币，先到先得，数量有限 🎁',
  ],
  ['Buy $PEPE now before Binance listing', 'buy $pepe NOW before binance listing!!'],
];

/** Not copies: the same template for another coin, another opinion on the same coin, short posts. */
const DIFFERENT: [string, string][] = [
  [PROMO, PROMO.replace(/BTC/g, 'SOL').replace('98k', '260')],
  [
    'Funding on $BTC still negative while price grinds up, shorts are trapped here. Longing with 50x',
    'Funding on $BTC flipped positive and open interest is at a record, longs look crowded, I am out',
  ],
  [
    '$ETH breaking out of the weekly range, first target 4200, invalidation below 3650',
    '$ETH losing the weekly range, I expect 3100 next, no longs until it reclaims 3650',
  ],
  ['gm everyone', 'gm everyone!'],
  ['BTC to 100k soon', 'BTC to 80k soon'],
  ['Bitcoin halving is priced in, says every analyst', 'Bitcoin halving is not priced in at all'],
  ['以太坊突破周线区间，第一目标 4200，跌破 3650 止损', '以太坊跌破周线区间，下一步看 3100，收回 3650 之前不做多'],
  // One coin or one number changed: another coin's news or another call, not a copy (anchors).
  [
    '$SOL upgrade scheduled for next week. Node operators, update your clients',
    '$XRP upgrade scheduled for next week. Node operators, update your clients',
  ],
  [
    'Turned bullish on Bitcoin. Reclaiming 90.5k opens the way to 93k',
    'Turned bullish on Bitcoin. Reclaiming 90.5k opens the way to 95.5k',
  ],
  [PROMO, PROMO.replace('50x', '20x')],
  ['新币上线：$SUI现货明天10点开放交易，先到先得', '新币上线：$SAND现货明天10点开放交易，先到先得'],
];

describe('text fingerprint', () => {
  it('reads $cashtags as words and drops links, mentions and emoji', () => {
    expect(tokens('Long $BTC 🚀 @friend https://x.co/a now')).toEqual(['long', 'btc', 'now']);
    expect(tokens('比特币BTC突破')).toEqual(['比', '特', '币', 'btc', '突', '破']);
  });

  it('leaves texts too short to judge without a fingerprint', () => {
    expect(fingerprint('gm')).toBeNull();
    expect(fingerprint('wow 🚀🚀 https://x.co/abc')).toBeNull();
    expect(fingerprint('')).toBeNull();
  });

  it.each(COPIES)('folds a copy: %s / %s', (a, b) => {
    const fa = fingerprint(a)!;
    const fb = fingerprint(b)!;
    expect(fa).not.toBeNull();
    expect(hammingDistance(fa, fb)).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
  });

  it.each(DIFFERENT)('keeps apart: %s / %s', (a, b) => {
    const fa = fingerprint(a);
    const fb = fingerprint(b);
    if (fa === null || fb === null) return expect(fa === null || fb === null).toBe(true);
    expect(hammingDistance(fa, fb)).toBeGreaterThan(NEAR_DUPLICATE_BITS);
  });

  it('keeps the same sentence about two coins apart when only the extracted coins say so', () => {
    const text = 'Institutions keep buying it. Treasury companies adding more every week, bullish';
    const btc = fingerprint(text, ['BTC'])!;
    expect(hammingDistance(btc, fingerprint(text, ['ETH'])!)).toBeGreaterThan(NEAR_DUPLICATE_BITS);
    expect(hammingDistance(btc, fingerprint(`${text} 🚀`, ['BTC'])!)).toBe(0);
  });

  it('anchors are the coins and the tokens holding digits, each once and in order', () => {
    expect(anchorsOf('Long $eth and $BTC, 93k then 0.209 https://x.co/9 @bot7', ['SOL', 'BTC'])).toBe(
      'BTC,ETH,SOL|0,209,93k',
    );
  });

  it('counts differing bits over all 64', () => {
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(5n, 5n)).toBe(0);
    expect(isNearDuplicate(0n, 0b11111111n)).toBe(true);
    expect(isNearDuplicate(0n, 0b111111111n)).toBe(false);
  });
});
