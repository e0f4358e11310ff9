/** foldCopies' band index finds every leader within NEAR_DUPLICATE_BITS, whichever bits differ. */
import { describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_BITS } from '../../src/domain/text-fingerprint';
import { foldCopies } from '../../src/pipeline/copies';
import { prng } from '../support/prng';

const rand = prng(17);
const random64 = () =>
  BigInt.asIntN(64, (BigInt(Math.floor(rand() * 2 ** 32)) << 32n) | BigInt(Math.floor(rand() * 2 ** 32)));
function flip(fp: bigint, bits: number): bigint {
  const chosen = new Set<number>();
  while (chosen.size < bits) chosen.add(Math.floor(rand() * 64));
  let out = fp;
  for (const b of chosen) out ^= 1n << BigInt(b);
  return BigInt.asIntN(64, out);
}

describe('foldCopies', () => {
  it('finds a leader at up to NEAR_DUPLICATE_BITS differing bits among many others, and none past it', () => {
    for (let round = 0; round < 200; round++) {
      const others = Array.from({ length: 50 }, (_, i) => ({
        id: `o${i}`,
        authorId: `o${i}`,
        ct: 100,
        fingerprint: random64(),
      }));
      const lead = { id: 'lead', authorId: 'a', ct: 50, fingerprint: random64() };
      const bits = round % (NEAR_DUPLICATE_BITS + 3);
      const post = { id: 'post', authorId: 'b', ct: 120, fingerprint: flip(lead.fingerprint, bits) };
      const { copyOf } = foldCopies([lead, ...others], [post]);
      // Random others are about 32 bits away: the post copies the lead or nothing.
      expect(copyOf.get('post')).toBe(bits <= NEAR_DUPLICATE_BITS ? 'lead' : undefined);
    }
  });

  it('ignores leaders of the same account and outside the window', () => {
    const fp = random64();
    const stored = [
      { id: 'own', authorId: 'b', ct: 100, fingerprint: fp },
      { id: 'old', authorId: 'c', ct: 100 - 2000, fingerprint: fp },
    ];
    expect(foldCopies(stored, [{ id: 'p', authorId: 'b', ct: 200, fingerprint: fp }]).copyOf.size).toBe(0);
  });
});
