/**
 * The fixed split of a labeled set into halves A and B by a hash of the text. Rules were developed
 * looking only at half A; half B gives the honest figures. One place, so every benchmark splits alike.
 */
import { hashText32 } from '../../apps/server/src/domain/hash';
export function half(text: string): 'A' | 'B' {
  return hashText32(text) >>> 31 ? 'B' : 'A';
}
