/**
 * Enrichment of collected posts: coins, categories, language and a bullish/neutral/bearish
 * reading. Coins and categories are pure rules; sentiment goes through the pluggable classifier
 * (the built-in rules by default, an OpenAI-compatible endpoint when CLASSIFIER_URL is set).
 */
import type { Enrichment, RawPost, SentimentClassifier } from '../types';
import { assignCategories } from './categories/assign';
import { extractCoins } from './coins/extract';
import { detectLanguage } from './language';

export interface Enricher {
  enrich(posts: RawPost[]): Promise<Enrichment[]>;
}

export function createEnricher(classifier: SentimentClassifier): Enricher {
  return {
    async enrich(posts) {
      const sentiments = posts.length ? await classifier.classify(posts.map((p) => p.text)) : [];
      return posts.map((post, i) => {
        const coins = extractCoins(post.text);
        return {
          coins,
          categories: assignCategories(post.text, coins),
          sentiment: sentiments[i] ?? { label: 'neutral', score: 0, cues: [] },
          lang: detectLanguage(post.text, post.lang),
        };
      });
    },
  };
}
