import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractCoins } from '../../../src/pipeline/enrich/coins/extract';
import fc from 'fast-check';
import { builtinClassifier, classifySentiment } from '../../../src/pipeline/enrich/sentiment/classifier';
import {
  type Classify,
  findMentions,
  joinSegments,
  planStances,
  readStances,
  readStancesBatch,
  segment,
  stanceColumn,
  stanceLabels,
} from '../../../src/pipeline/enrich/sentiment/stance';
import type { SentimentClassifier, SentimentResult } from '../../../src/pipeline/types';

/** Segment texts, trimmed. */
const parts = (text: string) => {
  const mentions = findMentions(text, extractCoins(text));
  return segment(text, mentions).map((s) => text.slice(s.start, s.end).trim());
};

/**
 * A toy classifier, so the attribution rules are tested apart from the lexicon: 'up' counts +1,
 * 'down' -1; it records what it was asked to read.
 */
function toy(): Classify & { asked: string[] } {
  const asked: string[] = [];
  const fn = ((text: string): SentimentResult => {
    asked.push(text);
    const s = (text.match(/\bup\b/gi)?.length ?? 0) - (text.match(/\bdown\b/gi)?.length ?? 0);
    return { label: s > 0 ? 'bullish' : s < 0 ? 'bearish' : 'neutral', score: Math.sign(s) * 0.5, cues: [] };
  }) as Classify & { asked: string[] };
  fn.asked = asked;
  return fn;
}

const labels = (text: string, classify: Classify = toy()) =>
  Object.fromEntries(Object.entries(readStances(text, extractCoins(text), classify)).map(([c, s]) => [c, s.label]));

describe('segment', () => {
  it('cuts at sentence ends and keeps the punctuation with its sentence', () => {
    expect(parts('BTC looks fine. Is ETH next? SOL!')).toEqual(['BTC looks fine.', 'Is ETH next?', 'SOL!']);
  });

  it('does not cut inside a number', () => {
    expect(parts('ETH at 2.9k and SOL at 140.5 today')).toEqual(['ETH at 2.9k and SOL at 140.5 today']);
  });

  it('cuts at contrast words and keeps the word as the lead of the next segment', () => {
    const text = 'BTC is heavy but SOL is flying, whereas ETH sleeps';
    const segs = segment(text, findMentions(text, extractCoins(text)));
    expect(segs.map((s) => text.slice(s.start, s.end).trim())).toEqual(['BTC is heavy', 'SOL is flying', 'ETH sleeps']);
    expect(segs.map((s) => s.boundary)).toEqual(['start', 'contrast', 'contrast']);
    expect(segs[1]!.lead).toBe('but');
  });

  it('cuts at Chinese contrast words and punctuation, but not inside 而且', () => {
    expect(parts('大饼很弱，但是以太坊在涨。狗狗币横盘而且没量')).toEqual([
      '大饼很弱',
      '以太坊在涨。',
      '狗狗币横盘而且没量',
    ]);
    expect(parts('大饼在跌而以太坊在涨')).toEqual(['大饼在跌', '以太坊在涨']);
  });

  it('keeps a list of coins together but cuts clauses after a comma', () => {
    expect(parts('BTC, ETH, SOL all green')).toEqual(['BTC, ETH, SOL all green']);
    expect(parts('$BTC, $ETH and $SOL all green')).toEqual(['$BTC, $ETH and $SOL all green']);
    expect(parts('BTC chopping, SOL ripping')).toEqual(['BTC chopping', 'SOL ripping']);
  });

  it('cuts at arrows and "vs"', () => {
    expect(parts('BTC first -> then ETH')).toEqual(['BTC first', 'then ETH']);
    expect(parts('BTC vs ETH')).toEqual(['BTC', 'ETH']);
  });

  it('joins segments back with their contrast words', () => {
    const text = 'SOL is up. ETH is flat but it will move';
    const segs = segment(text);
    expect(joinSegments(text, segs, [0, 2])).toBe('SOL is up. it will move');
    expect(joinSegments(text, segs, [1, 2])).toBe('ETH is flat but it will move');
  });
});

describe('findMentions', () => {
  it('finds cashtags, tickers, names and Chinese names of the given coins only', () => {
    const text = '$BTC and ethereum vs 大饼 and SOL, not DOGE';
    expect(findMentions(text, ['BTC', 'ETH', 'SOL']).map((m) => [m.symbol, text.slice(m.start, m.end)])).toEqual([
      ['BTC', '$BTC'],
      ['ETH', 'ethereum'],
      ['BTC', '大饼'],
      ['SOL', 'SOL'],
    ]);
  });
});

describe('readStances: attribution', () => {
  it('gives a one-coin post the post label', () => {
    expect(readStances('BTC down', ['BTC'], toy())).toEqual({ BTC: { label: 'bearish', score: -0.5, source: 'post' } });
  });

  it('reads each coin from the clauses that name it', () => {
    expect(labels('BTC is up but SOL is down')).toEqual({ BTC: 'bullish', SOL: 'bearish' });
    expect(labels('ETH flat. SOL up')).toEqual({ ETH: 'neutral', SOL: 'bullish' });
  });

  it('gives a coin-less clause to the coins named before it, or after it when none came before', () => {
    expect(labels('ETH flat. SOL ready. Up only from here')).toEqual({ ETH: 'neutral', SOL: 'bullish' });
    expect(labels('Up only from here. SOL and ETH. BTC flat')).toEqual({
      SOL: 'bullish',
      ETH: 'bullish',
      BTC: 'neutral',
    });
  });

  it('uses the post label when the post never separates its coins', () => {
    const c = toy();
    expect(labels('BTC and ETH both up', c)).toEqual({ BTC: 'bullish', ETH: 'bullish' });
    expect(c.asked).toEqual(['BTC and ETH both up']);
  });

  it('reads rotations, comparisons and pair trades relatively', () => {
    expect(labels('Rotating out of $ETH into $SOL this week')).toEqual({ ETH: 'bearish', SOL: 'bullish' });
    expect(labels('Sold some SOL to buy more ETH')).toEqual({ SOL: 'bearish', ETH: 'bullish' });
    expect(labels('SOL outperforming ETH again')).toEqual({ SOL: 'bullish', ETH: 'bearish' });
    expect(labels('BTC > ETH')).toEqual({ BTC: 'bullish', ETH: 'bearish' });
    expect(labels('ETH → SOL')).toEqual({ ETH: 'bearish', SOL: 'bullish' });
    expect(labels('Long BTC, short ETH')).toEqual({ BTC: 'bullish', ETH: 'bearish' });
    expect(labels('把以太坊全部换成了SOL')).toEqual({ ETH: 'bearish', SOL: 'bullish' });
    expect(labels('SOL连续五周跑赢ETH')).toEqual({ SOL: 'bullish', ETH: 'bearish' });
  });

  it('reads "A flipping B" as A over B (issue 30 §5)', () => {
    expect(labels('$SHIB flipping $PEPE soon. Bullish.')).toEqual({ SHIB: 'bullish', PEPE: 'bearish' });
    expect(labels('ETH will flip BTC this cycle')).toEqual({ ETH: 'bullish', BTC: 'bearish' });
    expect(labels('SOL反超ETH只是时间问题')).toEqual({ SOL: 'bullish', ETH: 'bearish' });
    expect(labels('Will ETH flip BTC?')).toEqual({ ETH: 'neutral', BTC: 'neutral' });
  });

  it('takes the direction of a pair from its clause or the position on it', () => {
    expect(labels('ETH/BTC going down')).toEqual({ ETH: 'bearish', BTC: 'bullish' });
    expect(labels('ETH/BTC going up')).toEqual({ ETH: 'bullish', BTC: 'bearish' });
    expect(labels('Long SOL/ETH here')).toEqual({ SOL: 'bullish', ETH: 'bearish' });
    expect(labels('ETH/BTC at the range low')).toEqual({ ETH: 'neutral', BTC: 'neutral' });
  });

  it('reads no relative statement inside a question, or between words that only look alike', () => {
    expect(labels('Will SOL outperform ETH?')).toEqual({ SOL: 'neutral', ETH: 'neutral' });
    expect(labels('Tried bridging ETH to SOL today')).toEqual({ ETH: 'neutral', SOL: 'neutral' });
    expect(labels('Moved my BTC and ETH to cold storage')).toEqual({ BTC: 'neutral', ETH: 'neutral' });
  });

  it("lets a coin's own clauses outweigh a relative statement only when they lean harder", () => {
    const s = readStances('Rotating out of ETH into SOL. SOL up', ['ETH', 'SOL'], toy());
    expect(s.SOL).toEqual({ label: 'bullish', score: 1, source: 'relative' });
    expect(s.ETH).toEqual({ label: 'bearish', score: -0.5, source: 'relative' });
  });
});

describe('planStances (for batched, asynchronous classifiers)', () => {
  const r = (label: 'bullish' | 'neutral' | 'bearish', score: number): SentimentResult => ({ label, score, cues: [] });

  it('asks for nothing when the post label answers', () => {
    expect(planStances('BTC down', ['BTC']).texts).toEqual([]);
    const plan = planStances('BTC and ETH both up', ['BTC', 'ETH']);
    expect(plan.texts).toEqual([]);
    expect(plan.finish([], r('bullish', 0.4))).toEqual({
      BTC: { label: 'bullish', score: 0.4, source: 'post' },
      ETH: { label: 'bullish', score: 0.4, source: 'post' },
    });
  });

  it('asks for each reading once and maps the answers back to the coins', () => {
    const plan = planStances('BTC is up but SOL is down', ['BTC', 'SOL']);
    expect(plan.texts).toEqual(['BTC is up', 'SOL is down']);
    expect(plan.finish([r('bullish', 0.3), r('bearish', -0.6)], r('neutral', 0))).toEqual({
      BTC: { label: 'bullish', score: 0.3, source: 'clauses' },
      SOL: { label: 'bearish', score: -0.6, source: 'clauses' },
    });
  });

  it("asks for a pair's clause and gives the pair its direction", () => {
    const plan = planStances('ETH/BTC breaking down', ['ETH', 'BTC']);
    expect(plan.texts).toEqual(['ETH/BTC breaking down']);
    const out = plan.finish([r('bearish', -0.4)], r('bearish', -0.4));
    expect([out.ETH?.label, out.BTC?.label]).toEqual(['bearish', 'bullish']);
  });
});

describe('readStancesBatch', () => {
  const posts = [
    '$BTC looks weak here but $SOL is ripping',
    'BTC is up but SOL is down',
    'Only ETH today',
    'BTC and ETH both up',
    '$BTC looks weak here but $SOL is ripping',
  ];

  it('reads a whole batch in one classifier call and agrees with readStances', async () => {
    const calls: number[] = [];
    const counting: SentimentClassifier = {
      name: 'counting',
      classify: async (texts) => {
        calls.push(texts.length);
        return builtinClassifier.classify(texts);
      },
    };
    const items = posts.map((text) => ({ text, coins: extractCoins(text), post: classifySentiment(text) }));
    const got = await readStancesBatch(items, counting);
    expect(calls).toEqual([4]); // two posts with two readings each; the repeated post asks nothing new
    expect(got).toEqual(items.map((it) => readStances(it.text, it.coins, classifySentiment, it.post)));
  });

  it('does not call the classifier when no post needs it', async () => {
    const never: SentimentClassifier = {
      name: 'never',
      classify: () => Promise.reject(new Error('called')),
    };
    const text = 'BTC and ETH both up';
    const post = classifySentiment(text);
    expect(await readStancesBatch([{ text, coins: extractCoins(text), post }], never)).toEqual([
      {
        BTC: { label: post.label, score: post.score, source: 'post' },
        ETH: { label: post.label, score: post.score, source: 'post' },
      },
    ]);
  });
});

describe('stanceColumn', () => {
  it('stores nothing when every coin has the post label', () => {
    expect(stanceColumn(['BTC', 'ETH'], { BTC: 'bullish', ETH: 'bullish' }, 'bullish')).toEqual([]);
    expect(stanceColumn([], {}, 'neutral')).toEqual([]);
  });

  it('stores -1/0/1 in the order of the coins otherwise, the post label for a coin without a stance', () => {
    expect(stanceColumn(['BTC', 'SOL', 'ETH'], { BTC: 'bearish', SOL: 'bullish' }, 'neutral')).toEqual([-1, 1, 0]);
  });
});

describe('stanceLabels', () => {
  it('keeps only the coins read differently from the post', () => {
    const st = (label: 'bullish' | 'neutral' | 'bearish') => ({ label, score: 0, source: 'clauses' as const });
    expect(stanceLabels({ BTC: st('bearish'), SOL: st('bullish'), ETH: st('bullish') }, 'bullish')).toEqual({
      BTC: 'bearish',
    });
  });
});

describe('readStances on any text', () => {
  const pieces = [
    'BTC',
    '$ETH',
    'solana',
    '大饼',
    '姨太',
    'SOL/ETH',
    ' but ',
    '但是',
    ', ',
    '. ',
    '? ',
    ' -> ',
    ' > ',
    'out of ',
    ' into ',
    '把',
    '换成',
    '跑赢',
    'long ',
    'short ',
    'up',
    'down',
    'pumping',
    '暴跌',
    '🚀',
    '2.5k',
    ' ',
  ];

  it('gives every coin found one valid stance and never throws', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 })), { maxLength: 30 }),
        (parts) => {
          const text = parts.join('');
          const coins = extractCoins(text);
          const out = readStances(text, coins, classifySentiment);
          expect(Object.keys(out)).toEqual(coins);
          for (const s of Object.values(out)) {
            expect(['bullish', 'neutral', 'bearish']).toContain(s.label);
            expect(Math.abs(s.score)).toBeLessThanOrEqual(1);
            expect(Math.sign(s.score)).toBe(
              s.label === 'bullish' ? 1 : s.label === 'bearish' ? -1 : Math.sign(s.score),
            );
          }
        },
      ),
      { numRuns: 300, seed: 14 },
    );
  });
});

describe('readStances with the built-in classifier', () => {
  it.each([
    ['$BTC looks weak here but $SOL is ripping', { BTC: 'bearish', SOL: 'bullish' }],
    ['Bitcoin is pumping hard. Ethereum keeps dumping.', { BTC: 'bullish', ETH: 'bearish' }],
    ['ETH/BTC breaking down', { ETH: 'bearish', BTC: 'bullish' }],
    ['大饼暴跌，但是以太坊大涨', { BTC: 'bearish', ETH: 'bullish' }],
    ['卖了大饼买以太', { BTC: 'bearish', ETH: 'bullish' }],
  ])('%s', (text, want) => expect(labels(text, classifySentiment)).toEqual(want));

  it('is the same for the same input (pure)', () => {
    const text = '$BTC looks weak here but $SOL is ripping';
    expect(readStances(text, extractCoins(text), classifySentiment)).toEqual(
      readStances(text, extractCoins(text), classifySentiment),
    );
  });
});

describe('the multi-coin test set', () => {
  const file = resolve(__dirname, '../../fixtures/stance/multi-coin.jsonl');
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { text: string; lang: string; post_label: string; stances: Record<string, string> });
  const LABELS = ['bullish', 'neutral', 'bearish'];

  it('has at least 150 posts, 50 of them Chinese, each naming two coins or more', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(rows.filter((r) => r.lang === 'zh').length).toBeGreaterThanOrEqual(50);
    for (const r of rows) expect(Object.keys(r.stances).length, r.text).toBeGreaterThanOrEqual(2);
  });

  it('labels exactly the coins extractCoins finds, with valid labels and languages', () => {
    for (const r of rows) {
      expect(Object.keys(r.stances).sort(), r.text).toEqual(extractCoins(r.text).sort());
      expect(LABELS).toContain(r.post_label);
      for (const l of Object.values(r.stances)) expect(LABELS).toContain(l);
      expect(r.lang).toBe(/[\u3400-\u9fff]/.test(r.text) ? 'zh' : 'en');
    }
  });

  it('locates every labelled coin in its text', () => {
    for (const r of rows) {
      const found = new Set(findMentions(r.text, Object.keys(r.stances)).map((m) => m.symbol));
      expect([...found].sort(), r.text).toEqual(Object.keys(r.stances).sort());
    }
  });
});
