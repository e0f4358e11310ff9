/**
 * `train-sentiment --with-feedback` (feedback-rows.ts): users' corrections fold into one example
 * per post by weighted majority, a user's many corrections are capped, ties are left out, and the
 * shipped corpus carries them weighted like dev rows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadedData } from '../../../src/pipeline/enrich/sentiment/model/data';
import {
  FEEDBACK_GROUP,
  type FeedbackVote,
  feedbackExamples,
} from '../../../src/pipeline/enrich/sentiment/model/feedback-rows';
import { buildPoolCorpus, rowWeights } from '../../../src/pipeline/enrich/sentiment/model/nested';
import { runTraining } from '../../../src/pipeline/enrich/sentiment/model/training';
import type { SentimentLabel } from '../../../src/pipeline/types';

const vote = (postId: string, userId: number, label: SentimentLabel, lang = 'en'): FeedbackVote => ({
  postId,
  text: `  post   ${postId} text `,
  lang,
  userId,
  label,
});

describe('feedbackExamples', () => {
  it('gives one example per post with the majority label, leaving tied posts out', () => {
    const s = feedbackExamples([
      vote('a', 1, 'bullish'),
      vote('a', 2, 'bullish'),
      vote('a', 3, 'bearish'),
      vote('b', 1, 'neutral'),
      vote('b', 2, 'bearish'),
      vote('c', 3, 'bearish', 'zh-CN'),
    ]);
    expect(s).toMatchObject({ votes: 6, users: 3, posts: 3, tied: 1 });
    expect(s.examples.map((e) => [e.source, e.label, e.lang, e.weight, e.group])).toEqual([
      ['feedback:a', 'bullish', 'en', 1, FEEDBACK_GROUP],
      ['feedback:c', 'bearish', 'zh', 1, FEEDBACK_GROUP],
    ]);
    expect(s.examples[0]!.text).toBe('post a text');
  });

  it("caps one user's many corrections: they count as at most `cap` posts together", () => {
    // User 9 corrected 8 posts bearish; with cap 2 each vote weighs 1/4. Two other users say
    // bullish on p0 and outvote them; on p1 a single other vote outweighs theirs too.
    const spam = Array.from({ length: 8 }, (_, i) => vote(`p${i}`, 9, 'bearish'));
    const s = feedbackExamples([...spam, vote('p0', 1, 'bullish'), vote('p1', 2, 'neutral')], 2);
    const byPost = new Map(s.examples.map((e) => [e.source, e]));
    expect(byPost.get('feedback:p0')).toMatchObject({ label: 'bullish', weight: 1 });
    expect(byPost.get('feedback:p1')).toMatchObject({ label: 'neutral', weight: 1 });
    expect(byPost.get('feedback:p5')).toMatchObject({ label: 'bearish', weight: 0.25 });
    // The spammer's examples together weigh cap (2) less what the others outvoted: 6 × 1/4.
    const spamWeight = s.examples.filter((e) => e.label === 'bearish').reduce((sum, e) => sum + e.weight, 0);
    expect(spamWeight).toBe(1.5);
    // Uncapped, the same votes would give p1 to a tie (1 vs 1) and leave it out.
    expect(feedbackExamples([...spam, vote('p1', 2, 'neutral')], 100).tied).toBe(1);
  });

  it('is the same whatever order the votes come in', () => {
    const votes = [vote('x', 1, 'bullish'), vote('y', 2, 'bearish'), vote('x', 3, 'bullish'), vote('y', 1, 'neutral')];
    expect(feedbackExamples([...votes].reverse())).toEqual(feedbackExamples(votes));
  });
});

describe('the shipped corpus', () => {
  const data: LoadedData = {
    dir: '',
    train: {
      en: [{ text: '$BTC moon', label: 'bullish', source: 's', group: 'g', twoClass: true, crypto: false }],
      zh: [],
    },
    dev: { crypto_3class_dev: [], surge_reddit_bullbear_dev: [] },
    counts: [],
    hashes: {},
  };
  const cfg = { bits: 10, charMin: 3, charMax: 4 };

  it('takes the corrections given, weighted like dev rows times their weight, never into the pool', () => {
    const { examples } = feedbackExamples([vote('a', 1, 'neutral'), vote('b', 2, 'bearish', 'zh')]);
    const en = buildPoolCorpus(
      data,
      'en',
      cfg,
      examples.filter((e) => e.lang === 'en'),
    );
    expect(en.examples.map((e) => e.text)).toEqual(['$BTC moon', 'post a text']);
    expect(en.pool.length).toBe(0);
    const w = rowWeights(en, { g: 0.25 }, new Set([0, 1, 2, 3, 4]), 5);
    expect(Array.from(w)).toEqual([0.25, 5]);
  });
});

describe('runTraining with corrections', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kolscope-feedback-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'train'));
  const lines = ['text,label'];
  for (let i = 0; i < 10; i++) lines.push(`$BTC pumping ${i},bullish`, `$BTC dumping ${i},bearish`);
  writeFileSync(join(dir, 'train', 'a.csv'), `${lines.join('\n')}\n`);
  const opts = {
    dataDir: dir,
    seed: 3,
    sources: [{ file: 'a.csv', lang: 'en' as const, group: 'a', twoClass: false, crypto: false }],
    features: { bits: 10, charMin: 3, charMax: 4 },
    skipCv: true,
  };

  it('changes the English weights only when English corrections are given', () => {
    const plain = runTraining(opts).manifest.models.en!.sha256;
    const en = feedbackExamples([vote('a', 1, 'neutral'), vote('b', 1, 'bearish')]).examples;
    const zh = feedbackExamples([vote('c', 1, 'neutral', 'zh')]).examples;
    expect(runTraining({ ...opts, feedback: en }).manifest.models.en!.sha256).not.toBe(plain);
    expect(runTraining({ ...opts, feedback: zh }).manifest.models.en!.sha256).toBe(plain);
  });
});
