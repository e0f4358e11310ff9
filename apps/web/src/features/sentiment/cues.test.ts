import { describe, expect, it } from 'vitest';
import { describeCue, describeCues, describeModel } from './cues';

describe('describeCue', () => {
  it.each<[string, string, 'en' | 'zh-CN', string]>([
    // a rule is worded the same whether the rules or the learned model named it
    ['rule', 'rule:question', 'en', 'Asked as a question, so it counts for less'],
    ['rule', 'rule-question', 'en', 'Asked as a question, so it counts for less'],
    ['rule', 'question', 'en', 'Asked as a question, so it counts for less'],
    ['rule', 'rule:sarcasm', 'zh-CN', '标了反讽（/s），意思相反'],
    ['rule', 'rule-negations', 'en', 'Negations ("not", "never")'],
    // a word of the post is quoted, with a gloss for slang
    ['word', 'moon', 'en', '"moon" (price going way up)'],
    ['word', 'moon', 'zh-CN', '“moon” (大涨)'],
    ['word', 'To the Moon', 'en', '"To the Moon" (price going way up)'],
    ['word', '🚀', 'en', '"🚀" (rocket: going up)'],
    ['word', 'weak dollar', 'en', '"weak dollar"'],
    ['word', '割韭菜', 'zh-CN', '“割韭菜”'],
    // a bare word that only looks like a rule name stays a word; a prototype member is a word too
    ['word', 'multiple', 'en', '"multiple"'],
    ['word', 'constructor', 'en', '"constructor"'],
    ['word', 'rule:constructor', 'en', '"rule:constructor"'],
    // a negated word is said to be negated
    ['negated', 'negated:bullish', 'en', '"bullish" negated ("not bullish")'],
    ['negated', 'negated:bullish', 'zh-CN', '否定的“bullish”'],
    // the language model and the fallback are named
    ['model', 'llm:gpt-4o-mini', 'en', 'Judged by the language model gpt-4o-mini'],
    ['model', 'llm:qwen', 'zh-CN', '由语言模型 qwen 判断'],
    ['model', 'fallback:builtin', 'en', 'The language model did not answer; the built-in rules read it'],
    ['model', 'link', 'zh-CN', '一个链接'],
  ])('words a %s cue %s in %s', (_kind, cue, lang, text) => {
    expect(describeCue(cue, lang)).toBe(text);
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
  it.each<[string | undefined, 'en' | 'zh-CN', string]>([
    ['rules-1', 'en', 'Built-in rules v1'],
    ['rules-1', 'zh-CN', '内置规则 v1'],
    ['en-3f9a0c1b2d4e', 'en', 'Learned model (English) 3f9a0c1'],
    ['zh-3f9a0c1b2d4e', 'zh-CN', '学习模型（中文） 3f9a0c1'],
    ['model-3f9a0c1b2d4e', 'en', 'Learned model 3f9a0c1'],
    ['openai:gpt-4o-mini', 'en', 'Language model gpt-4o-mini'],
    [undefined, 'en', 'Not recorded (read before models were named)'],
    ['something-new', 'en', 'something-new'],
  ])('names the model %s in %s', (model, lang, text) => {
    expect(describeModel(model, lang)).toBe(text);
  });
});
