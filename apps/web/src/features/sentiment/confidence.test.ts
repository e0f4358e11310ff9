import { describe, expect, it } from 'vitest';
import { sureness } from './confidence';

describe('sureness', () => {
  it('says sure from 0.8, fairly sure from 0.6, unsure below', () => {
    expect([0.95, 0.8, 0.79, 0.6, 0.59, 0.34].map((c) => sureness(c))).toEqual([
      'high',
      'high',
      'fair',
      'fair',
      'low',
      'low',
    ]);
  });
  it('never contradicts the call: a call is at least fairly sure, a reading left out is unsure', () => {
    expect(sureness(0.5, true)).toBe('fair');
    expect(sureness(0.85, true)).toBe('high');
    expect(sureness(0.7, false)).toBe('low');
  });
});
