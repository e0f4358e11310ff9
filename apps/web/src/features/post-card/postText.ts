/**
 * Splits a post's text into plain runs and the parts worth marking: links, $cashtags,
 * #hashtags and @mentions. Pure, so the rules are tested apart from React.
 */
export type TextPart =
  | { kind: 'text'; text: string }
  /** `domain`: where the link goes, shown beside words that do not say it ("link" → coindesk.com). */
  | { kind: 'url'; text: string; href: string; domain?: string }
  | { kind: 'cashtag' | 'hashtag' | 'mention'; text: string };

/** A link the post carries (contract Post.links): the words shown and where they go. */
export interface PostLink {
  url: string;
  text: string;
}

/** How long a bare URL is shown at most: the domain and the start of the path, then "…". */
const URL_SHOWN_MAX = 32;

/** A URL as a link's label: no scheme, no "www.", long paths cut (the whole URL opens on tap). */
export function shortUrl(url: string): string {
  const bare = url.replace(/^https?:\/\//, '').replace(/^www\./, '');
  return bare.length > URL_SHOWN_MAX ? `${bare.slice(0, URL_SHOWN_MAX - 1)}…` : bare;
}

/** The host of a URL without "www.", or '' when it is not one. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

// A cashtag is $ plus a letter-led ticker ($BTC, $1INCH is not matched: prices like $100 are
// not tickers); hashtags take any letter so Chinese tags (#比特币) are marked too.
const TOKEN =
  /(https?:\/\/[^\s<>"]+)|(?<![\w$])(\$[A-Za-z][A-Za-z0-9]{0,11})(?![A-Za-z0-9])|(?<![\w#])(#[\p{L}\p{N}_]+)|(?<![\w@])(@\w{1,15})/gu;

/** Trailing punctuation belongs to the sentence, not the link. */
function trimUrl(url: string): string {
  return url.replace(/[.,;:!?)\]}'"。，；：！？）]+$/u, '');
}

/**
 * The post's text with its links marked: each link's words (in order, where they appear) link to
 * its URL, shown with the domain when the words do not say it; the rest as `markTokens`. Links
 * whose words are not in the text are left to the caller (`linksNotInText`).
 */
export function splitPostText(text: string, links: readonly PostLink[] = []): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const link of links) {
    const at = link.text ? text.indexOf(link.text, from) : -1;
    if (at < 0) continue;
    parts.push(...markTokens(text.slice(from, at)));
    parts.push(linkPart(link));
    from = at + link.text.length;
  }
  parts.push(...markTokens(text.slice(from)));
  return mergeText(parts);
}

/** The links of a post whose words do not appear in its text (shown under it). */
export function linksNotInText(text: string, links: readonly PostLink[]): PostLink[] {
  return links.filter((l) => !l.text || !text.includes(l.text));
}

function linkPart(link: PostLink): TextPart {
  const domain = domainOf(link.url);
  const looksLikeUrl = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?…?$/u.test(link.text.trim());
  // Words that already show an address (a URL, Bluesky's shortened label) show it short; other
  // words (an anchor's "read more") say where they go beside them.
  if (looksLikeUrl) return { kind: 'url', text: shortUrl(link.text.trim()), href: link.url };
  return { kind: 'url', text: link.text, href: link.url, ...(domain ? { domain } : {}) };
}

function mergeText(parts: TextPart[]): TextPart[] {
  const merged: TextPart[] = [];
  for (const part of parts) {
    const prev = merged.at(-1);
    if (part.kind === 'text' && prev?.kind === 'text') prev.text += part.text;
    else if (part.text) merged.push({ ...part });
  }
  return merged;
}

/** Plain text with bare URLs, $cashtags, #hashtags and @mentions marked. */
function markTokens(text: string): TextPart[] {
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
      push({ kind: 'url', text: shortUrl(href), href });
    } else if (cashtag) push({ kind: 'cashtag', text: cashtag });
    else if (hashtag) push({ kind: 'hashtag', text: hashtag });
    else if (mention) push({ kind: 'mention', text: mention });
    last = end;
  }
  push({ kind: 'text', text: text.slice(last) });
  return parts;
}
