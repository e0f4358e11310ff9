/**
 * Image addresses from sources (avatars, post media) are stored only when they are absolute
 * http(s) URLs or paths on kolscope itself (`/demo-media/...`, `/coin-icons/...`): a `javascript:`,
 * `data:` or `file:` URL from a feed must never reach a page. Anything else is stored as ''.
 */
export function safeImageUrl(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  if (text === '') return '';
  // Our own paths, but not protocol-relative `//host/...` (that is another site).
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}
