import type { KolGroup } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { canSave, EMPTY_FORM, fromGroup, mergePicked, toPayload } from './form';

const user = (id: string) => ({ id, username: `u${id}` });

describe('canSave', () => {
  it('needs a non-blank name of at most 20 characters and no save running', () => {
    expect(canSave({ name: '' }, false)).toBe(false);
    expect(canSave({ name: '   ' }, false)).toBe(false);
    expect(canSave({ name: ' Whales ' }, false)).toBe(true);
    expect(canSave({ name: 'Whales' }, true)).toBe(false);
    expect(canSave({ name: 'x'.repeat(20) }, false)).toBe(true);
    expect(canSave({ name: 'x'.repeat(21) }, false)).toBe(false);
  });
});

describe('toPayload', () => {
  it('trims the name, swaps a reversed range and keeps ids unique', () => {
    const payload = toPayload({
      name: '  Whales ',
      min: 1_000_000,
      max: 10_000,
      white: [user('1'), user('2'), user('1'), { id: ' ', username: '' }],
      black: [user('3'), user('3')],
    });
    expect(payload).toEqual({
      name: 'Whales',
      twitterUserFans: [10_000, 1_000_000],
      whiteTwitterUserIds: ['1', '2'],
      blackTwitterUserIds: ['3'],
    });
  });

  it('keeps an open bound as 0 and does not swap it', () => {
    expect(toPayload({ ...EMPTY_FORM, name: 'a', min: 5000, max: 0 }).twitterUserFans).toEqual([5000, 0]);
    expect(toPayload({ ...EMPTY_FORM, name: 'a', min: Number.NaN, max: -3 }).twitterUserFans).toEqual([0, 0]);
  });
});

describe('fromGroup', () => {
  it('fills the form from kol_group/info', () => {
    const group: KolGroup = {
      id: '7',
      name: 'Mine',
      kolCnt: 3,
      twitterUserFans: [100, 50],
      whiteTwitterUsers: [{ id: '1', username: 'a', name: 'A', icon: 'i', followersCount: 1 }],
      blackTwitterUsers: [],
    };
    expect(fromGroup(group)).toEqual({
      name: 'Mine',
      min: 50,
      max: 100,
      white: [{ id: '1', username: 'a', name: 'A', icon: 'i' }],
      black: [],
    });
  });
});

describe('mergePicked', () => {
  it('drops repeats and blank ids', () => {
    expect(mergePicked([user('1'), user('1'), { id: '', username: '' }, user('2')]).map((u) => u.id)).toEqual([
      '1',
      '2',
    ]);
  });
});
