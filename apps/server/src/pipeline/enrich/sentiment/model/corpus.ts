/** Puts one language's training rows and the dev sets into one feature matrix. */
import type { DevName, LoadedData, ModelLang } from './data';
import type { FeatureConfig } from './features';
import type { Corpus } from './cv';
import { scaledMatrices } from './folds';
import { buildMatrix } from './train';

export function buildCorpus(data: LoadedData, lang: ModelLang, cfg: FeatureConfig): Corpus {
  const examples = [...data.train[lang]];
  const dev: Corpus['dev'] = {};
  // The dev sets are English crypto posts: they belong to the English model only.
  if (lang === 'en') {
    for (const [name, rows] of Object.entries(data.dev) as [DevName, LoadedData['dev'][DevName]][]) {
      if (rows.length === 0) continue;
      dev[name] = { from: examples.length, to: examples.length + rows.length };
      examples.push(...rows);
    }
  }
  const groups = [...new Set(data.train[lang].map((e) => e.group))];
  const m = buildMatrix(examples, cfg);
  return { examples, m, scaled: scaledMatrices(m), groups, dev };
}
