/**
 * Just enough HTML handling for feed item bodies (Nitter's description, RSSHub's content): the
 * markup comes from a known generator, so a tag-stripping pass is enough and avoids a DOM.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  times: '×',
  divide: '÷',
  deg: '°',
  zwj: '\u200d',
  zwnj: '\u200c',
};

function fromCodePoint(cp: number, raw: string): string {
  // Out-of-range and lone surrogates are not characters: keep the reference as written.
  if (!Number.isInteger(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return raw;
  return String.fromCodePoint(cp);
}

/** Decodes named (common ones), decimal and hex character references; unknown ones stay. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (raw, ref: string) => {
    if (ref[0] === '#') {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      return fromCodePoint(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10), raw);
    }
    return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? raw;
  });
}

const BLOCK = 'p|div|li|ul|ol|blockquote|h[1-6]|tr|table|hr|pre|figure';

/**
 * HTML → plain text: <br> and block boundaries become line breaks, other tags go, entities
 * are decoded last (so an escaped "&lt;b&gt;" in a post stays text), and blank runs collapse.
 */
export function htmlToText(html: string): string {
  const s = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(new RegExp(`</?(?:${BLOCK})\\b[^>]*>`, 'gi'), '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(s)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Image URLs in the body: <img src> and <video poster> (Nitter shows a video by its still).
 * Avatars and emoji pictures are decoration, not the post's media.
 */
export function imageUrls(html: string, base: string): string[] {
  const out: string[] = [];
  const re = /<(?:img\b[^>]*?\bsrc|video\b[^>]*?\bposter)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
  for (const m of html.matchAll(re)) {
    const raw = decodeEntities((m[1] ?? m[2] ?? '').trim());
    if (!raw || raw.startsWith('data:')) continue;
    let url: string;
    try {
      url = new URL(raw, base).href;
    } catch {
      continue;
    }
    if (/profile_images|\/emoji\//.test(url) || out.includes(url)) continue;
    out.push(url);
  }
  return out;
}
