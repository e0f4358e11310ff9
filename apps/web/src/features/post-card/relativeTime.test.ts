import type { Language } from '@kolscope/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues';
import { formatRelativeTime, relativeTimeParts } from './relativeTime';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const nowS = NOW / 1000;

async function translator(lang: Language) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: catalogues[lang] } },
    interpolation: { escapeValue: false },
  });
  return (ct: number) => formatRelativeTime(ct, NOW, i18n.t.bind(i18n), lang, 'UTC');
}

describe('relative time', () => {
  it('picks the unit by age, at the exact boundaries', () => {
    expect(relativeTimeParts(nowS, NOW)).toEqual({ unit: 'justNow' });
    expect(relativeTimeParts(nowS - 59, NOW)).toEqual({ unit: 'justNow' });
    expect(relativeTimeParts(nowS - 60, NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTimeParts(nowS - 3599, NOW)).toEqual({ unit: 'minutes', count: 59 });
    expect(relativeTimeParts(nowS - 3600, NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTimeParts(nowS - 86_399, NOW)).toEqual({ unit: 'hours', count: 23 });
    expect(relativeTimeParts(nowS - 86_400, NOW)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTimeParts(nowS - 7 * 86_400 + 1, NOW)).toEqual({ unit: 'days', count: 6 });
    expect(relativeTimeParts(nowS - 7 * 86_400, NOW, 'UTC').unit).toBe('date');
  });

  it('treats a time slightly in the future as just now', () => {
    expect(relativeTimeParts(nowS + 30, NOW)).toEqual({ unit: 'justNow' });
  });

  it.each([
    ['en', ['just now', '5m ago', '3h ago', '2d ago', 'Mar 5', 'Dec 30, 2024']],
    ['zh-CN', ['刚刚', '5分钟前', '3小时前', '2天前', '3月5日', '2024年12月30日']],
  ] as const)('formats in %s', async (lang, expected) => {
    const fmt = await translator(lang);
    const ages = [
      nowS - 10,
      nowS - 5 * 60,
      nowS - 3 * 3600,
      nowS - 2 * 86_400,
      Date.UTC(2025, 2, 5, 8) / 1000,
      Date.UTC(2024, 11, 30, 8) / 1000,
    ];
    expect(ages.map(fmt)).toEqual(expected);
  });
});
