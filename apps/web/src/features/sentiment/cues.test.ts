import { describe, expect, it } from 'vitest';
import { describeCue, describeCues, describeModel } from './cues';

describe('describeCue', () => {
  it('words a rule the same whether the rules or the learned model named it', () => {
    expect(describeCue('rule:question', 'en')).toBe('Asked as a question, so it counts for less');
    expect(describeCue('rule-question', 'en')).toBe(describeCue('rule:question', 'en'));
    expect(describeCue('question', 'en')).toBe(describeCue('rule:question', 'en'));
    expect(describeCue('rule:sarcasm', 'zh-CN')).toBe('标了反讽（/s），意思相反');
    expect(describeCue('rule-negations', 'en')).toBe('Negations ("not", "never")');
  });

  it('quotes a word of the post, with a gloss for slang', () => {
    expect(describeCue('moon', 'en')).toBe('"moon" (price going way up)');
    expect(describeCue('moon', 'zh-CN')).toBe('“moon” (大涨)');
    expect(describeCue('To the Moon', 'en')).toBe('"To the Moon" (price going way up)');
    expect(describeCue('🚀', 'en')).toBe('"🚀" (rocket: going up)');
    expect(describeCue('weak dollar', 'en')).toBe('"weak dollar"');
    expect(describeCue('割韭菜', 'zh-CN')).toBe('“割韭菜”');
  });

  it('keeps a bare word that only looks like a rule name a word', () => {
    expect(describeCue('multiple', 'en')).toBe('"multiple"');
    // A prototype member is a word too, never a table entry.
    expect(describeCue('constructor', 'en')).toBe('"constructor"');
    expect(describeCue('rule:constructor', 'en')).toBe('"rule:constructor"');
  });

  it('says a negated word is negated', () => {
    expect(describeCue('negated:bullish', 'en')).toBe('"bullish" negated ("not bullish")');
    expect(describeCue('negated:bullish', 'zh-CN')).toBe('否定的“bullish”');
  });

  it('names the language model and the fallback', () => {
    expect(describeCue('llm:gpt-4o-mini', 'en')).toBe('Judged by the language model gpt-4o-mini');
    expect(describeCue('llm:qwen', 'zh-CN')).toBe('由语言模型 qwen 判断');
    expect(describeCue('fallback:builtin', 'en')).toContain('built-in rules');
    expect(describeCue('link', 'zh-CN')).toBe('一个链接');
  });
});

describe('describeCues', () => {
  it('drops blanks, the bias and repeats, and keeps the order', () => {
    expect(describeCues(['moon', 'bias', '', 'rule:question', 'question', 'moon'], 'en')).toEqual([
      '"moon" (price going way up)',
      'Asked as a question, so it counts for less',
    ]);
    expect(describeCues(undefined, 'en')).toEqual([]);
  });
});

describe('describeModel', () => {
  it('names each kind of model in both languages', () => {
    expect(describeModel('rules-1', 'en')).toBe('Built-in rules v1');
    expect(describeModel('rules-1', 'zh-CN')).toBe('内置规则 v1');
    expect(describeModel('en-3f9a0c1b2d4e', 'en')).toBe('Learned model (English) 3f9a0c1');
    expect(describeModel('zh-3f9a0c1b2d4e', 'zh-CN')).toBe('学习模型（中文） 3f9a0c1');
    expect(describeModel('model-3f9a0c1b2d4e', 'en')).toBe('Learned model 3f9a0c1');
    expect(describeModel('openai:gpt-4o-mini', 'en')).toBe('Language model gpt-4o-mini');
    expect(describeModel(undefined, 'en')).toBe('Not recorded (read before models were named)');
    expect(describeModel('something-new', 'en')).toBe('something-new');
  });
});
