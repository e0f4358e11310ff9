import { describe, expect, it } from 'vitest';
import { RULES_MODEL, builtinClassifier, classifySentiment } from '../../../src/pipeline/enrich/sentiment/classifier';
import { tokenize } from '../../../src/pipeline/enrich/sentiment/rules';

const label = (t: string) => classifySentiment(t).label;
const score = (t: string) => classifySentiment(t).score;
const cues = (t: string) => classifySentiment(t).cues;

describe('crypto slang', () => {
  it.each([
    'SOL is about to moon',
    'wagmi fam, hold the line',
    'this one is going to pump hard',
    'ETH printing a new ATH today',
    'LFG, alts are ripping',
  ])('bullish: %s', (t) => expect(label(t)).toBe('bullish'));

  it.each([
    'got rekt on that leverage trade',
    'whoever bought that top is ngmi',
    'devs will dump on retail again',
    'still holding heavy bags from last cycle',
    'another rug pull, team vanished',
  ])('bearish: %s', (t) => expect(label(t)).toBe('bearish'));
});

describe('trading words', () => {
  it.each([
    ['going long BTC from here', 'bullish'],
    ['shorting this rally, it looks exhausted', 'bearish'],
    ['clean breakout on the daily chart', 'bullish'],
    ['breakdown below the range on the 4h', 'bearish'],
    ['support lost on the weekly, careful', 'bearish'],
    ['full capitulation across alts', 'bearish'],
    ['over a billion in longs liquidated overnight', 'bearish'],
    ['buying the dip with both hands', 'bullish'],
    ['higher lows all week, accumulation phase', 'bullish'],
  ])('%s → %s', (t, want) => expect(label(t)).toBe(want));
});

describe('negation', () => {
  it('"not bullish" is not bullish', () => {
    expect(label('I am not bullish on this coin')).not.toBe('bullish');
    expect(cues('I am not bullish on this coin')).toContain('negated:bullish');
  });
  it('"not bad" leans positive, unlike "bad"', () => {
    expect(score('the chart is not bad')).toBeGreaterThan(0);
    expect(score('the chart is bad')).toBeLessThan(0);
  });
  it("a negator's reach ends at the sentence end", () => {
    expect(label('No doubt about it. Breakout confirmed')).toBe('bullish');
  });
  it("'not financial advice' does not negate anything", () => {
    expect(label('not financial advice, but this breakout looks strong')).toBe('bullish');
  });
});

describe('contrast', () => {
  it('the clause after "but" decides', () => {
    expect(label('looks weak but breakout confirmed')).toBe('bullish');
    expect(label('nice pump but the trend is still down and support lost')).toBe('bearish');
    expect(cues('looks weak but breakout confirmed')).toContain('rule:contrast');
  });
  it('"however" and 但是 work the same way', () => {
    expect(label('The rally was great. However, the breakdown is here')).toBe('bearish');
    expect(label('昨天暴跌，但是今天强势反弹，突破了')).toBe('bullish');
  });
});

describe('intensity', () => {
  it('intensifiers raise, dampeners lower the score', () => {
    expect(score('very bullish on ETH')).toBeGreaterThan(score('bullish on ETH'));
    expect(score('slightly bullish on ETH')).toBeLessThan(score('bullish on ETH'));
    expect(score('extremely bearish on ETH')).toBeLessThan(score('bearish on ETH'));
  });
  it('capitals and exclamation marks add weight', () => {
    expect(score('this is BULLISH for eth')).toBeGreaterThan(score('this is bullish for eth'));
    expect(score('bullish on eth!!!')).toBeGreaterThan(score('bullish on eth'));
  });
  it('非常 and 太 intensify Chinese terms', () => {
    expect(score('非常看好以太坊')).toBeGreaterThan(score('看好以太坊'));
  });
});

describe('emoji', () => {
  it.each(['🚀', '📈', '🐂', '💎', '🔥'])('%s is bullish', (e) => {
    expect(label(`ETH ${e}`)).toBe('bullish');
    expect(cues(`ETH ${e}`)).toContain(e);
  });
  it.each(['📉', '🐻', '💀', '🩸', '😭'])('%s is bearish', (e) => {
    expect(label(`ETH ${e}`)).toBe('bearish');
  });
  it('a row of the same emoji counts less than distinct cues', () => {
    expect(score('ETH 🚀🚀🚀🚀🚀')).toBeLessThan(score('ETH 🚀 breakout, new ATH'));
  });
});

describe('questions', () => {
  it('a question is weaker than the statement', () => {
    expect(score('is BTC going to moon?')).toBeLessThan(score('BTC is going to moon'));
    expect(cues('is BTC going to moon?')).toContain('rule:question');
  });
  it('a plain question without a view is neutral', () => {
    expect(label('what time does the ETF decision come out?')).toBe('neutral');
    expect(label('比特币明天会怎么走呢')).toBe('neutral');
  });
});

describe('Chinese posts', () => {
  it.each(['比特币突破新高，看涨', '大饼起飞了，牛市来了', '今天抄底了，准备拉盘'])('bullish: %s', (t) =>
    expect(label(t)).toBe('bullish'),
  );
  it.each(['又暴跌了，爆仓好多人', '项目方跑路，币价归零', '跌破支撑，熊市继续，割肉离场'])('bearish: %s', (t) =>
    expect(label(t)).toBe('bearish'),
  );
  it('negation before a term flips it (不看好)', () => {
    expect(label('我不看好这个币')).toBe('bearish');
    expect(cues('我不看好这个币')).toContain('negated:看好');
  });
  it('news without a view is neutral', () => {
    expect(label('某交易所宣布将于下周上线新的现货交易对')).toBe('neutral');
    expect(label('比特币现报 64000 美元')).toBe('neutral');
  });
});

describe('neutral information', () => {
  it.each([
    'Exchange X announces maintenance window on Tuesday https://example.com/notice',
    'BTC price: $64,210 | ETH: $3,120 | SOL: $145 | updated 12:00 UTC',
    'Block 840000 mined, 3,050 transactions, fees 37.6 BTC, reward 3.125 BTC',
    'The SEC will publish its decision on the filing next week #crypto #ETF',
  ])('%s', (t) => expect(label(t)).toBe('neutral'));

  it('percentages with a sign point the way', () => {
    expect(label('SOL +18% today')).toBe('bullish');
    expect(label('SOL -18% today')).toBe('bearish');
    expect(cues('SOL +18% today')).toContain('rule:pct-up');
  });
  it('a price target counts as a mild bullish call', () => {
    expect(cues('ETH target 5k this cycle')).toContain('rule:price-target');
  });
  it("'going to zero' is a death call", () => {
    expect(label('this token is going to 0')).toBe('bearish');
  });
});

describe('tokeniser and cues', () => {
  it('drops URLs, mentions and cashtags and splits camel-case hashtags', () => {
    const words = tokenize('@trader $PUMP https://x.co/moon #BitcoinCrash').map((t) => t.t);
    expect(words).toEqual(['bitcoin', 'crash']);
  });
  it('glued hashtags keep a strong suffix', () => {
    expect(label('#btcmoon')).toBe('bullish');
  });
  it('cues name the words and emoji that decided', () => {
    const r = classifySentiment('BTC breakout, to the moon 🚀');
    expect(r.cues).toEqual(expect.arrayContaining(['breakout', 'to the moon', '🚀']));
    expect(r.score).toBeGreaterThan(0.5);
    expect(r.score).toBeLessThanOrEqual(1);
  });
  it('empty and emoji-only text are neutral with score 0', () => {
    expect(classifySentiment('')).toEqual({ label: 'neutral', score: 0, cues: [], model: RULES_MODEL });
    expect(classifySentiment('👋').label).toBe('neutral');
  });
  it('the builtin classifier classifies a batch in order', async () => {
    const out = await builtinClassifier.classify(['pump it 🚀', 'dumping hard 📉']);
    expect(builtinClassifier.name).toBe('builtin');
    expect(out.map((r) => r.label)).toEqual(['bullish', 'bearish']);
  });
});
