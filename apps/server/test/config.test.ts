import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults for the embedded set-up', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      secureCookies: false,
      innerCodes: [],
      adminEmails: [],
      seedDemo: true,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });
  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/k',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'kolscope <hi@example.com>',
      PUBLIC_URL: 'https://kolscope.example.com/',
      INNER_CODES: ' A-1 , B-2 ,',
      ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/k',
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/test',
      mailFrom: 'kolscope <hi@example.com>',
      publicUrl: 'https://kolscope.example.com',
      secureCookies: true,
      innerCodes: ['A-1', 'B-2'],
      adminEmails: ['boss@example.com', 'ops@example.com'],
      seedDemo: false,
    });
  });
  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number from 1 to 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ SMTP_URL: 'localhost:25' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ PUBLIC_URL: 'kolscope.example' }, /PUBLIC_URL must be an absolute http\(s\) URL/],
    [{ ADMIN_EMAILS: 'boss@example.com,nobody' }, /ADMIN_EMAILS must be comma-separated e-mail addresses/],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
