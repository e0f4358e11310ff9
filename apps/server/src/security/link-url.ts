/**
 * Addresses the app opens on a tap (a post's page, the links a post carries, a link card): kept
 * only as absolute http(s) URLs without spaces or quotes, bounded; a `javascript:` or `data:` URL
 * from a network must never reach a page. Anything else is ''. A post's own page must be https
 * (its card's time opens it); links in posts may be http, as the articles they name are.
 */
export function safeLinkUrl(raw: string | undefined, opts: { httpsOnly?: boolean } = {}): string {
  const scheme = opts.httpsOnly ? 'https' : 'https?';
  return raw && new RegExp(`^${scheme}://[^\\s"'<>]{1,2000}$`).test(raw) ? raw : '';
}
