/**
 * Splits a post's text into plain runs and the parts worth marking: links, $cashtags,
 * #hashtags and @mentions. Pure, so the rules are tested apart from React.
 */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'url'; text: string; href: string }
  | { kind: 'cashtag' | 'hashtag' | 'mention'; text: string };

// A cashtag is $ plus a letter-led ticker ($BTC, $1INCH is not matched: prices like $100 are
// not tickers); hashtags take any letter so Chinese tags (#比特币) are marked too.
const TOKEN =
  /(https?:\/\/[^\s<>"]+)|(?<![\w$])(\$[A-Za-z][A-Za-z0-9]{0,11})(?![A-Za-z0-9])|(?<![\w#])(#[\p{L}\p{N}_]+)|(?<![\w@])(@\w{1,15})/gu;

/** Trailing punctuation belongs to the sentence, not the link. */
function trimUrl(url: string): string {
  return url.replace(/[.,;:!?)\]}'"。，；：！？）]+$/u, '');
}

export function splitPostText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (part: TextPart) => {
    const prev = parts.at(-1);
    if (part.kind === 'text' && prev?.kind === 'text') prev.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    const [whole, url, cashtag, hashtag, mention] = match;
    let end = start + whole.length;
    push({ kind: 'text', text: text.slice(last, start) });
    if (url) {
      const href = trimUrl(url);
      end = start + href.length;
      push({ kind: 'url', text: href.replace(/^https?:\/\//, ''), href });
    } else if (cashtag) push({ kind: 'cashtag', text: cashtag });
    else if (hashtag) push({ kind: 'hashtag', text: hashtag });
    else if (mention) push({ kind: 'mention', text: mention });
    last = end;
  }
  push({ kind: 'text', text: text.slice(last) });
  return parts;
}
