/**
 * An argument's headline: its most central post's text, shortened cleanly. Links and leading
 * @handles (a reply's addressees) go, white space is collapsed, and a long text is cut at a word
 * (in spaced scripts) or a character (CJK) with "…", never inside a surrogate pair.
 */
export const HEADLINE_CHARS = 120;
/** CJK says about twice as much per character. */
export const HEADLINE_CJK_CHARS = 60;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/u;

export function headlineOf(text: string): string {
  const flat = text
    .replace(/https?:\/\/\S+|www\.\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // A reply's leading @handles are whom it answers, not what it says.
    .replace(/^(@[\p{L}\p{N}_.]+\s*)+/u, '');
  const chars = Array.from(flat);
  const cjkShare = chars.filter((c) => CJK.test(c)).length / Math.max(1, chars.length);
  const max = cjkShare > 0.3 ? HEADLINE_CJK_CHARS : HEADLINE_CHARS;
  if (chars.length <= max) return flat;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  // At a word, unless that throws away more than a quarter (one very long word, or CJK).
  if (space > cut.length * 0.75) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,.;:!?，。；：！？、\-–—]+$/u, '')}…`;
}
