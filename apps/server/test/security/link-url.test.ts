import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from '../../src/security/link-url';

describe('link URLs', () => {
  it('keep http(s) links, and only https for a post’s own page', () => {
    expect(safeLinkUrl('http://example.com/a?b=1')).toBe('http://example.com/a?b=1');
    expect(safeLinkUrl('http://example.com/a', { httpsOnly: true })).toBe('');
    expect(safeLinkUrl('https://t.me/alpha/1', { httpsOnly: true })).toBe('https://t.me/alpha/1');
  });

  it('refuse scripts, data, spaces, quotes, nothing and endless addresses', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'https://a b', 'https://a"b', '', undefined])
      expect(safeLinkUrl(bad)).toBe('');
    expect(safeLinkUrl(`https://x.example/${'a'.repeat(2100)}`)).toBe('');
  });
});
