/**
 * The translation catalogues, one pair of files per area of the app (`locales/<area>.en.json`
 * and `locales/<area>.zh-CN.json`), merged into one catalogue per language. Areas keep their
 * keys under their own top-level names, so files never overlap.
 */
import type { Language } from '@kolscope/contract';

type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>('./locales/*.json', { eager: true, import: 'default' });

function catalogue(lang: Language): Tree {
  const merged: Tree = {};
  for (const [path, tree] of Object.entries(files)) {
    if (!path.endsWith(`.${lang}.json`)) continue;
    for (const [key, value] of Object.entries(tree)) {
      if (key in merged) throw new Error(`i18n: "${key}" is defined twice (${path})`);
      merged[key] = value;
    }
  }
  return merged;
}

export const catalogues: Record<Language, Tree> = { en: catalogue('en'), 'zh-CN': catalogue('zh-CN') };
