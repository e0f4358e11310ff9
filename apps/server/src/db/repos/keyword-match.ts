/**
 * Keyword matching, in one place for the feed, event opinion views and notifications.
 *
 * Semantics: a keyword matches case-insensitively; a keyword starting (ending) with an ASCII word
 * character needs a non-word character or the text's edge before (after) it, so "ETH" is not
 * found in "method" but is in "比特币ETH"; runs of spaces in a keyword match any whitespace.
 * A group matches when one of its keywords does.
 *
 * Cost: PostgreSQL's regex engine costs time in proportion to the pattern's length for every
 * row it looks at (about 200 µs a post for 100 keywords of 100 characters, bench/worst-view).
 * `lower(text) LIKE ANY(...)` over the same keywords is some 20 times cheaper and lets through
 * every text the regex matches (and a few more), so it runs first: in SQL (`keywordCondition`,
 * for notifications and event views) before the same regex, and in the feed before the regex in
 * JavaScript (`keywordRegExp`), whose engine does not slow down on long alternations.
 */

const WORD_CHAR = /[A-Za-z0-9_]/;

/** One case-insensitive regex for a group's keywords (PostgreSQL ARE and JavaScript alike). */
export function keywordPattern(keywords: readonly string[]): string {
  return keywords
    .map((k) => {
      const escaped = k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
      // Explicit ASCII boundaries: PostgreSQL's \m and \M count Han characters as word characters,
      // which would hide "ETF" inside "比特币现货ETF获批".
      const start = WORD_CHAR.test(k[0] ?? '') ? '(^|[^A-Za-z0-9_])' : '';
      const end = WORD_CHAR.test(k.at(-1) ?? '') ? '($|[^A-Za-z0-9_])' : '';
      return `${start}(${escaped})${end}`;
    })
    .join('|');
}

/**
 * A LIKE pattern, to be matched against `lower(text)`, that every text the keyword's regex
 * matches also matches. ASCII letters are lowered here as `lower()` lowers them in any locale;
 * other letters with a case become `_` (one character), since whether `lower()` folds them
 * depends on the database's locale; whitespace runs become `%`.
 */
export function likePattern(keyword: string): string {
  let out = '';
  for (const ch of keyword.trim()) {
    if (/\s/.test(ch)) out += out.endsWith('%') ? '' : '%';
    else if (ch === '%' || ch === '_' || ch === '\\') out += `\\${ch}`;
    else if (/[A-Za-z]/.test(ch)) out += ch.toLowerCase();
    else if (ch.toLowerCase() !== ch.toUpperCase()) out += '_';
    else out += ch;
  }
  return `%${out}%`;
}

/** The SQL pre-filter alone: true for every text one of `keywords` may be in (and a few more). */
export function likeCondition(haystack: string, keywords: readonly string[], param: (v: unknown) => string): string {
  const words = keywords.filter((k) => k.trim() !== '');
  if (words.length === 0) return 'false';
  return `lower(${haystack}) LIKE ANY(${param(words.map(likePattern))}::text[])`;
}

const regExps = new Map<string, RegExp>();
/** The group's regex for JavaScript, compiled once per keyword list (a bounded cache). */
export function keywordRegExp(keywords: readonly string[]): RegExp {
  const key = JSON.stringify(keywords);
  let re = regExps.get(key);
  if (!re) {
    const words = keywords.filter((k) => k.trim() !== '');
    // No keyword matches nothing, as in SQL (an empty pattern would match everything).
    re = words.length ? new RegExp(keywordPattern(words), 'i') : /(?!)/;
    if (regExps.size >= 5000) regExps.clear();
    regExps.set(key, re);
  }
  return re;
}

/**
 * The SQL condition "one of `keywords` is in `haystack`" (a SQL expression of type text). The
 * CASE makes PostgreSQL run the cheap LIKE first: it orders plain AND-ed conditions by its own
 * cost estimate, which would put the regex first.
 */
export function keywordCondition(haystack: string, keywords: readonly string[], param: (v: unknown) => string): string {
  const words = keywords.filter((k) => k.trim() !== '');
  if (words.length === 0) return 'false';
  return `(CASE WHEN lower(${haystack}) LIKE ANY(${param(words.map(likePattern))}::text[]) THEN ${haystack} ~* ${param(keywordPattern(words))} ELSE false END)`;
}
