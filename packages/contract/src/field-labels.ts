/**
 * A field's name in a message the user reads (issue 29: "matching_rules[0].rules[0]：…" showed the
 * wire's path). A path made only of fields people fill in (a view's filters, a group's lists) is
 * told in words and counted from 1; any other path stays as the wire spells it, which is what an
 * API client needs to find the field.
 */
import type { Language } from './constants';

interface Label {
  /** The whole field. */
  whole: string;
  /** One item of it, counted from 1. */
  item: (n: number) => string;
}

const LABELS: Record<Language, Record<string, Label>> = {
  en: {
    matching_rules: { whole: 'filters', item: (n) => `filter group ${n}` },
    rules: { whole: 'entries', item: (n) => `entry ${n}` },
    keywords: { whole: 'keywords', item: (n) => `keyword ${n}` },
    coins: { whole: 'coins', item: (n) => `coin ${n}` },
    white_twitter_user_ids: { whole: 'whitelist', item: (n) => `whitelist entry ${n}` },
    black_twitter_user_ids: { whole: 'blacklist', item: (n) => `blacklist entry ${n}` },
  },
  'zh-CN': {
    matching_rules: { whole: '筛选条件', item: (n) => `第 ${n} 个筛选组` },
    rules: { whole: '条目', item: (n) => `第 ${n} 项` },
    keywords: { whole: '关键词', item: (n) => `第 ${n} 个关键词` },
    coins: { whole: '币种', item: (n) => `第 ${n} 个币种` },
    white_twitter_user_ids: { whole: '白名单', item: (n) => `白名单第 ${n} 项` },
    black_twitter_user_ids: { whole: '黑名单', item: (n) => `黑名单第 ${n} 项` },
  },
};

const SEGMENT = /^([a-z_]+)(?:\[(\d+)\])?$/;

export function fieldLabel(lang: Language, path: string): string {
  const labels = LABELS[lang];
  const parts: string[] = [];
  for (const segment of path.split('.')) {
    const m = SEGMENT.exec(segment);
    const label = m ? labels[m[1]!] : undefined;
    if (!m || !label) return path;
    parts.push(m[2] === undefined ? label.whole : label.item(Number(m[2]) + 1));
  }
  const text = parts.join(lang === 'en' ? ', ' : ' ');
  return lang === 'en' ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
