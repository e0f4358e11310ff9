import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../src/config';

describe('Web Push configuration', () => {
  it('takes both VAPID keys from the environment, or neither', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapid).toEqual(keys);
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(ConfigError);
  });

  it('names a contact: VAPID_SUBJECT, else the https public URL, else the mail sender', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).vapidSubject).toBe('mailto:ops@example.com');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/mailto: address or an https URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://kolscope.example.com/' }).vapidSubject).toBe(
      'https://kolscope.example.com',
    );
    expect(loadConfig({ MAIL_FROM: 'kolscope <hi@example.com>' }).vapidSubject).toBe('mailto:hi@example.com');
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@kolscope.local');
  });
});
