import { describe, expect, it } from 'vitest';
import { redact } from '../../src/security/redact';

describe('redact', () => {
  it.each([
    ['postgresql://admin:S3cretPW@db:5432/kol', 'postgresql://admin:***@db:5432/kol'],
    ['got "smtps://u:S3cretPW@mail.example.com:465" here', 'got "smtps://u:***@mail.example.com:465" here'],
    ['https://S3cretPW@example.com/feed', 'https://***@example.com/feed'],
    ['https://rss.example/feed?user=a&token=S3cretPW&x=1', 'https://rss.example/feed?user=a&token=***&x=1'],
    ['GET https://api.example/v1?api_key=S3cretPW failed', 'GET https://api.example/v1?api_key=*** failed'],
    ['two: redis://:S3cretPW@r:6379 and nats://n:S3cretPW@n', 'two: redis://:***@r:6379 and nats://n:***@n'],
  ])('hides the secret in %s', (text, shown) => {
    expect(redact(text)).toBe(shown);
    expect(redact(text)).not.toContain('S3cretPW');
  });
  it('leaves text without credentials alone', () => {
    for (const text of ['https://example.com/a?b=c', 'mail me at a@b.c', 'PORT must be a number'])
      expect(redact(text)).toBe(text);
  });
});
