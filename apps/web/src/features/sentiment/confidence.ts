/**
 * How sure a reading is, in words (issue 30 §1). The server sends the label's calibrated
 * probability (a reading at 0.8 is right about 80 % of the time on held-out crypto posts) and
 * whether the reading counts as a call. The words never contradict the call line beside them: a
 * call is at least fairly sure, a bullish or bearish reading that is not a call is unsure.
 */
export type Sureness = 'high' | 'fair' | 'low';

/** `call`: the post's sentimentCall (undefined for a neutral reading). */
export function sureness(confidence: number, call?: boolean): Sureness {
  if (call === false) return 'low';
  if (confidence >= 0.8) return 'high';
  return call === true || confidence >= 0.6 ? 'fair' : 'low';
}
