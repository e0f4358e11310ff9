import { describe, expect, it } from 'vitest';
import { classifySentiment } from '../../../src/pipeline/enrich/sentiment/classifier';

const label = (t: string) => classifySentiment(t).label;
const score = (t: string) => classifySentiment(t).score;
const cues = (t: string) => classifySentiment(t).cues;

describe('trading intent', () => {
  it('buying into weakness is bullish, whatever the verb', () => {
    expect(label('added a bag on this crash')).toBe('bullish');
    expect(cues('added a bag on this crash')).toContain('rule:buy-the-dip');
    expect(label('scooping up the red candles today')).toBe('bullish');
  });
  it('selling into strength is bearish', () => {
    expect(label('I will be selling every rally from here')).toBe('bearish');
    expect(cues('shorting this bounce')).toContain('rule:sell-the-rip');
  });
  it('first-person buys and sells state a position', () => {
    expect(label('just bought another chunk of SOL')).toBe('bullish');
    expect(label('just sold my whole stack')).toBe('bearish');
  });
  it('regret over a missed buy is bullish, over a missed sale bearish', () => {
    expect(label('should have bought more last month')).toBe('bullish');
    expect(label("should've sold at the top")).toBe('bearish');
  });
  it('a multiple is a call for gains, leverage is not', () => {
    expect(cues('this little token could 50x')).toContain('rule:multiple');
    expect(label('this little token could 50x')).toBe('bullish');
    expect(cues('opened a 20x long on ETH')).not.toContain('rule:multiple');
  });
});

describe('price levels and arrows', () => {
  it('a price above or below a level points the way', () => {
    expect(label('BTC slipped below $60k overnight')).toBe('bearish');
    expect(cues('ETH is back above 4k')).toContain('rule:above-level');
  });
  it('counts are not price levels', () => {
    expect(cues('over 300 people came to the meetup')).not.toContain('rule:above-level');
  });
  it('arrows count like emoji', () => {
    expect(label('DOGE ↑')).toBe('bullish');
    expect(label('DOGE ↓')).toBe('bearish');
  });
});

describe('negation scope', () => {
  it('a second negator undoes the first', () => {
    expect(label('I never stopped buying')).toBe('bullish');
  });
  it('a comma or dash ends the reach of a negator', () => {
    expect(label('No, this coin is a scam')).toBe('bearish');
    expect(cues('No, this coin is a scam')).not.toContain('negated:scam');
    expect(cues('not an investment - a casino')).not.toContain('negated:casino');
  });
  it('a hyphen inside a word joins a phrase rather than splitting it', () => {
    expect(cues('ETH prints a new all-time high')).toContain('all time high');
    expect(cues('brutal sell-off across alts')).toContain('sell off');
  });
  it("coin names do not use up a negator's reach", () => {
    expect(cues("this won't be a bitcoin bull run")).toContain('negated:bull run');
  });
  it("'failed to' and 'supposed to' negate what follows", () => {
    expect(label('ETH failed to break out again')).not.toBe('bullish');
    expect(cues('ETH failed to break out again')).toContain('negated:break out');
    expect(cues('it was supposed to be a store of value')).toContain('negated:store of value');
  });
  it("'yet to' is a wait, not a fact", () => {
    expect(cues('I have yet to see a use case')).toContain('negated:use case');
  });
  it("'too ... to' denies what follows", () => {
    expect(label('it is far too volatile to be useful')).toBe('bearish');
  });
  it("'or not' and 'not only' do not negate", () => {
    expect(cues('whether or not it is a scam, I am out')).not.toContain('negated:scam');
    expect(label('not only cheap but also strong')).toBe('bullish');
  });
});

describe('views on crypto', () => {
  it.each([
    'crypto has no intrinsic value, it is a greater fool game',
    'nothing but tulips and exit liquidity',
    'NFTs are a solution looking for a problem',
    'who cares about yet another layer one',
  ])('sceptic: %s', (t) => expect(label(t)).toBe('bearish'));
  it.each([
    'bitcoin is sound money and the future of finance',
    "bitcoin isn't going anywhere",
    'zoom out, stack sats, be patient',
    'survived three crypto winters and still here',
  ])('believer: %s', (t) => expect(label(t)).toBe('bullish'));
});

describe('tone', () => {
  it("'af' after a word boosts it", () => {
    expect(score('bullish af')).toBeGreaterThan(score('bullish'));
  });
  it("'/s' flips a sarcastic post", () => {
    expect(label('what a fantastic investment this was /s')).toBe('bearish');
    expect(cues('what a fantastic investment this was /s')).toContain('rule:sarcasm');
  });
  it('laughing emoji lean mocking', () => {
    expect(score('SOL 😂')).toBeLessThan(0);
  });
  it('profanity in an exclamation carries no polarity', () => {
    expect(label('holy shit what a day')).toBe('neutral');
  });
});

describe('word forms', () => {
  it('a doubled consonant before -ing/-ed finds the stem', () => {
    expect(cues('whales keep robbing retail')).toContain('robbing');
  });
  it('-ily adverbs find their -y adjective', () => {
    expect(cues('angrily dumping my bags')).toContain('angrily');
  });
});

describe('signal bots', () => {
  it('a trade-signal form is a data post', () => {
    const t = 'LONG ABC 🚀 Entry 1.20 Stop Loss 1.10 take profit 1.35';
    expect(cues(t)).toContain('rule:data-post');
    expect(label(t)).toBe('neutral');
  });
});

describe('Chinese forum words (issue 30 §3)', () => {
  const read = (t: string) => classifySentiment(t);
  it('reads slang and market colours: 红 is up, 绿 is down', () => {
    expect(read('又破发了，这币没救').label).toBe('bearish');
    expect(read('凌晨突然跳水，一堆人被埋').label).toBe('bearish');
    expect(read('大盘飘红，主升浪来了').label).toBe('bullish');
    expect(read('今天全线飘绿').label).toBe('bearish');
  });
  it('reads failing to do the bullish thing as bearish, and an A-not-A question as asking', () => {
    expect(read('BTC没能站上十万').label).toBe('bearish');
    expect(read('ETH会不会破位').label).not.toBe('bullish');
    expect(read('ETH会不会破位').cues).not.toContain('negated:破位');
  });
  it('does not read 牛 inside unrelated words', () => {
    expect(read('他又在吹牛了').cues).not.toContain('牛');
    expect(read('早餐喝了牛奶').label).toBe('neutral');
  });
});
