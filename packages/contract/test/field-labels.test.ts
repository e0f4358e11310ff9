import { describe, expect, it } from 'vitest';
import { fieldLabel, translate } from '../src/index';

describe('field labels (issue 29: messages showed "matching_rules[0].rules[0]：…")', () => {
  it('tell a path of fields people fill in with words, counted from 1, in both languages', () => {
    expect(fieldLabel('en', 'matching_rules[0].rules[1]')).toBe('Filter group 1, entry 2');
    expect(fieldLabel('zh-CN', 'matching_rules[0].rules[1]')).toBe('第 1 个筛选组 第 2 项');
    expect(fieldLabel('en', 'matching_rules')).toBe('Filters');
    expect(fieldLabel('zh-CN', 'white_twitter_user_ids[4]')).toBe('白名单第 5 项');
  });
  it('leave any other path as the wire spells it, for API clients', () => {
    expect(fieldLabel('en', 'email')).toBe('email');
    expect(fieldLabel('en', 'matching_rules[0].unknown_key')).toBe('matching_rules[0].unknown_key');
  });
  it('are what every message with a field says', () => {
    const msg = translate('zh-CN', 'rule_keyword_invalid', { field: 'matching_rules[0].rules[0]' });
    expect(msg).toBe('第 1 个筛选组 第 1 项：关键词是不超过 100 个字符的文本');
    expect(msg).not.toMatch(/matching_rules|\[0\]/);
  });
});
