import type { SentimentFeedbackItem } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { addPage } from './useFeedbackList';

const item = (postId: string): SentimentFeedbackItem => ({
  postId,
  text: postId,
  ct: 1,
  username: 'u',
  modelLabel: 'neutral',
  model: 'rules-1',
  votes: { bullish: 1, neutral: 0, bearish: 0 },
  usersLabel: 'bullish',
  updatedAt: 1,
});

describe('admin sentiment feedback paging', () => {
  it('appends by cursor without repeats and stops when more is 0 or the cursor is empty', () => {
    const one = addPage(
      { items: [], more: false, nextCb: '' },
      { list: [item('a'), item('b')], more: 1, nextCb: 'c1' },
    );
    expect(one).toMatchObject({ more: true, nextCb: 'c1' });
    const two = addPage(one, { list: [item('b'), item('c')], more: 0, nextCb: '' });
    expect(two.items.map((i) => i.postId)).toEqual(['a', 'b', 'c']);
    expect(two.more).toBe(false);
    expect(addPage(one, { list: [], more: 1, nextCb: '' }).more).toBe(false);
  });
});
