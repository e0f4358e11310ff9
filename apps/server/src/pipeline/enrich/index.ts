/**
 * Enrichment of collected posts: coins, categories, language, a bullish/neutral/bearish reading
 * and, for posts naming several coins, the stance toward each. Coins and categories are pure
 * rules; sentiment goes through the pluggable classifier (config decides which). Stances take one more classifier call
 * per batch, for the clauses of the posts that separate their coins (sentiment/stance.ts).
 */
import type { Enrichment, RawPost, SentimentClassifier, SentimentResult } from '../types';
import { assignCategories } from './categories/assign';
import { extractCoins } from './coins/extract';
import { detectLanguage } from './language';
import { readStancesBatch, stanceLabels } from './sentiment/stance';

export interface Enricher {
  enrich(posts: RawPost[]): Promise<Enrichment[]>;
}

const NEUTRAL: SentimentResult = { label: 'neutral', score: 0, cues: [] };

/** Sentiment and per-coin stances of texts whose coins are known: enrichment and reclassify. */
export async function readSentiments(
  classifier: SentimentClassifier,
  items: readonly { text: string; coins: readonly string[] }[],
): Promise<Pick<Enrichment, 'sentiment' | 'coinStances'>[]> {
  if (items.length === 0) return [];
  const results = await classifier.classify(items.map((it) => it.text));
  const sentiments = items.map((_, i) => results[i] ?? NEUTRAL);
  const stances = await readStancesBatch(
    items.map((it, i) => ({ text: it.text, coins: it.coins, post: sentiments[i]! })),
    classifier,
  );
  return sentiments.map((sentiment, i) => ({ sentiment, coinStances: stanceLabels(stances[i]!, sentiment.label) }));
}

export function createEnricher(classifier: SentimentClassifier): Enricher {
  return {
    async enrich(posts) {
      const coins = posts.map((p) => extractCoins(p.text));
      const read = await readSentiments(
        classifier,
        posts.map((p, i) => ({ text: p.text, coins: coins[i]! })),
      );
      return posts.map((post, i) => ({
        coins: coins[i]!,
        categories: assignCategories(post.text, coins[i]!),
        ...read[i]!,
        lang: detectLanguage(post.text, post.lang),
      }));
    },
  };
}
