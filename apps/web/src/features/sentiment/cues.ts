/**
 * The classifier's cues and model names in words a user understands (issue 14 §3). The server
 * stores cue codes as the classifiers make them: rule names ('rule:question'), negated words
 * ('negated:bullish'), the learned model's feature names ('rule-negations'), the language model
 * ('llm:gpt-x'), and plain words or emoji taken from the post ('moon', '🚀'). Pure, so the
 * wording is unit-tested; both languages live here because they are one table per idea.
 */
import type { Language } from '@kolscope/contract';

type Phrase = { en: string; zh: string };

/** Rules of the rule engine, by name ('rule:<name>' in cues, 'rule-<name>' as model features). */
const RULES: Record<string, Phrase> = {
  question: { en: 'Asked as a question, so it counts for less', zh: '是在提问，分量较轻' },
  contrast: { en: 'A "but" turns it: the later part counts more', zh: '有转折，后半句更重要' },
  caps: { en: 'Written in CAPITALS for emphasis', zh: '用大写字母强调' },
  'data-post': { en: 'Mostly numbers or data, so it informs', zh: '主要是数字或数据，偏陈述' },
  sarcasm: { en: 'Marked as sarcasm (/s): it means the opposite', zh: '标了反讽（/s），意思相反' },
  exclaim: { en: 'Exclamation marks add weight', zh: '感叹号加重了语气' },
  'to-zero': { en: 'Says it goes to zero', zh: '说会归零' },
  'above-level': { en: 'Holds above a price level', zh: '站上某个价位' },
  'below-level': { en: 'Falls below a price level', zh: '跌破某个价位' },
  multiple: { en: 'Talks of multiples (10x, 100x)', zh: '提到翻倍（10x、100x）' },
  'pct-up': { en: 'A percentage gain', zh: '提到涨幅' },
  'pct-down': { en: 'A percentage loss', zh: '提到跌幅' },
  'buy-the-dip': { en: 'Buying the dip', zh: '逢低买入' },
  'sell-the-rip': { en: 'Selling into strength', zh: '逢高卖出' },
  'price-target': { en: 'Names a price target', zh: '给出了目标价' },
  broadcast: { en: 'Reads like news or an announcement', zh: '像新闻或公告' },
  negations: { en: 'Negations ("not", "never")', zh: '否定词（“不”“没有”）' },
  positive: { en: 'Bullish words overall', zh: '整体偏多的用词' },
  negative: { en: 'Bearish words overall', zh: '整体偏空的用词' },
  'positive-cues': { en: 'How many bullish words', zh: '看涨词的数量' },
  'negative-cues': { en: 'How many bearish words', zh: '看跌词的数量' },
  score: { en: 'The rules’ overall score', zh: '规则的总分' },
  'label-bullish': { en: 'The rules read it as bullish', zh: '规则判断为看涨' },
  'label-bearish': { en: 'The rules read it as bearish', zh: '规则判断为看跌' },
};

const BARE_RULES = new Set(['question', 'contrast', 'sarcasm', 'broadcast']);

/** Cues that are neither rules nor words of the post. */
const SPECIAL: Record<string, Phrase> = {
  link: { en: 'A link', zh: '一个链接' },
  length: { en: 'The length of the post', zh: '帖子的长度' },
  'fallback:builtin': {
    en: 'The language model did not answer; the built-in rules read it',
    zh: '语言模型未响应，改由内置规则判断',
  },
};

/** Slang a newcomer may not know, glossed after the quoted word. */
const SLANG: Record<string, Phrase> = {
  moon: { en: 'price going way up', zh: '大涨' },
  mooning: { en: 'price going way up', zh: '大涨' },
  'to the moon': { en: 'price going way up', zh: '大涨' },
  pump: { en: 'price pushed up', zh: '拉升' },
  dump: { en: 'heavy selling', zh: '抛售' },
  rekt: { en: 'big losses', zh: '亏惨了' },
  hodl: { en: 'holding on', zh: '坚定持有' },
  fud: { en: 'fear and doubt', zh: '恐慌与怀疑' },
  fomo: { en: 'fear of missing out', zh: '怕踏空' },
  ath: { en: 'all-time high', zh: '历史新高' },
  wagmi: { en: '"we’re all gonna make it"', zh: '大家都会赚' },
  ngmi: { en: '"not gonna make it"', zh: '要完了' },
  lfg: { en: '"let’s go"', zh: '冲' },
  rug: { en: 'a scam pulling out', zh: '跑路骗局' },
  'rug pull': { en: 'a scam pulling out', zh: '跑路骗局' },
  'buy the dip': { en: 'buying after a fall', zh: '逢低买入' },
  '🚀': { en: 'rocket: going up', zh: '火箭：要涨' },
  '📉': { en: 'chart going down', zh: '下跌' },
  '📈': { en: 'chart going up', zh: '上涨' },
};

/** A table entry; never an Object prototype member (a post may well say "constructor"). */
const own = (table: Record<string, Phrase>, key: string): Phrase | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

const isZh = (lang: Language | string) => lang.startsWith('zh');
const pick = (p: Phrase, lang: Language | string) => (isZh(lang) ? p.zh : p.en);

/** A word from the post, in the quotes of the language. */
function quoted(word: string, lang: Language | string): string {
  return isZh(lang) ? `“${word}”` : `"${word}"`;
}

function wordPhrase(word: string, lang: Language | string): string {
  const gloss = own(SLANG, word.toLowerCase());
  return gloss ? `${quoted(word, lang)} (${pick(gloss, lang)})` : quoted(word, lang);
}

/**
 * One cue in words. A cue this table does not know is a word or emoji of the post: it is shown
 * quoted, never dropped, so a new code still says something true.
 */
export function describeCue(cue: string, lang: Language | string): string {
  const code = cue.trim();
  const special = own(SPECIAL, code);
  if (special) return pick(special, lang);
  // 'rule:question' from the rules, 'rule-question' as a feature of the learned model: one
  // wording. A bare name only for the few no post word is likely to be ('multiple' may be a word).
  const bare = /^rule[:-]/.test(code) ? code.slice(5) : BARE_RULES.has(code) ? code : '';
  const rule = own(RULES, bare);
  if (rule) return pick(rule, lang);
  if (code.startsWith('negated:')) {
    const word = code.slice('negated:'.length);
    return isZh(lang) ? `否定的${quoted(word, lang)}` : `${quoted(word, lang)} negated ("not ${word}")`;
  }
  if (code.startsWith('llm:')) {
    const name = code.slice('llm:'.length);
    return isZh(lang) ? `由语言模型 ${name} 判断` : `Judged by the language model ${name}`;
  }
  return wordPhrase(code, lang);
}

/** The cues of a post in words, without repeats; 'bias' is the model's constant and says nothing. */
export function describeCues(cues: readonly string[] | undefined, lang: Language | string): string[] {
  const out: string[] = [];
  for (const cue of cues ?? []) {
    if (cue.trim() === '' || cue === 'bias') continue;
    const phrase = describeCue(cue, lang);
    if (!out.includes(phrase)) out.push(phrase);
  }
  return out;
}

/**
 * Which model read a post: 'rules-1', '<lang>-<hash>' or 'model-<hash>' (the learned model),
 * 'openai:<name>' or 'llm:<name>' (a language model). Absent for posts read before models were
 * recorded.
 */
export function describeModel(model: string | undefined, lang: Language | string): string {
  const zh = isZh(lang);
  if (!model) return zh ? '未记录（早期读取的帖子）' : 'Not recorded (read before models were named)';
  const rules = /^rules-(\w+)$/.exec(model);
  if (rules) return zh ? `内置规则 v${rules[1]}` : `Built-in rules v${rules[1]}`;
  const learned = /^(en|zh|model)-(\w+)$/.exec(model);
  if (learned) {
    const which =
      learned[1] === 'en' ? (zh ? '英文' : 'English') : learned[1] === 'zh' ? (zh ? '中文' : 'Chinese') : '';
    const version = learned[2]!.slice(0, 7);
    if (zh) return `学习模型${which ? `（${which}）` : ''} ${version}`;
    return `Learned model${which ? ` (${which})` : ''} ${version}`;
  }
  const llm = /^(openai|llm):(.+)$/.exec(model);
  if (llm) return zh ? `语言模型 ${llm[2]}` : `Language model ${llm[2]}`;
  return model;
}
