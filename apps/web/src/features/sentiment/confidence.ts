/**
 * How sure a reading is, in words (issue 30 §1). The server sends the label's calibrated
 * probability: a reading at 0.8 is right about 80 % of the time on held-out crypto posts. Three
 * words are enough for a reader; the percent beside them is for whoever wants the figure.
 */
export type Sureness = 'high' | 'fair' | 'low';

/** From 0.8 a reading is sure, from 0.6 fairly sure, below that unsure. */
export function sureness(confidence: number): Sureness {
  return confidence >= 0.8 ? 'high' : confidence >= 0.6 ? 'fair' : 'low';
}
