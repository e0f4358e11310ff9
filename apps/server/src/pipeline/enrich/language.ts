/**
 * The post's language: the source's own code when it has one ('zh-cn' → 'zh'), else 'zh' when
 * Chinese characters make up a fair share of the letters, else 'en'.
 */
const HAN = /\p{Script=Han}/gu;
const LETTER = /\p{L}/gu;

export function detectLanguage(text: string, sourceLang: string): string {
  const given = sourceLang.trim().toLowerCase();
  if (given && given !== 'und' && given !== 'qme' && given !== 'zxx') return given.split(/[-_]/)[0]!;
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return '';
  const han = text.match(HAN)?.length ?? 0;
  // Han characters carry a word each, Latin letters a fraction: a few of them already mean Chinese.
  return han * 4 >= letters ? 'zh' : 'en';
}
