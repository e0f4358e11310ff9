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

  it('formats in English', async () => {
    const fmt = await translator('en');
    expect(fmt(nowS - 10)).toBe('just now');
    expect(fmt(nowS - 5 * 60)).toBe('5m ago');
    expect(fmt(nowS - 3 * 3600)).toBe('3h ago');
    expect(fmt(nowS - 2 * 86_400)).toBe('2d ago');
    expect(fmt(Date.UTC(2025, 2, 5, 8) / 1000)).toBe('Mar 5');
    expect(fmt(Date.UTC(2024, 11, 30, 8) / 1000)).toBe('Dec 30, 2024');
  });

  it('formats in Chinese', async () => {
    const fmt = await translator('zh-CN');
    expect(fmt(nowS - 10)).toBe('刚刚');
    expect(fmt(nowS - 5 * 60)).toBe('5分钟前');
    expect(fmt(nowS - 3 * 3600)).toBe('3小时前');
    expect(fmt(nowS - 2 * 86_400)).toBe('2天前');
    expect(fmt(Date.UTC(2025, 2, 5, 8) / 1000)).toBe('3月5日');
    expect(fmt(Date.UTC(2024, 11, 30, 8) / 1000)).toBe('2024年12月30日');
  });
});
