/** Issue 13: the HTML had no security headers. Every answer carries them, the page above all. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

const web = mkdtempSync(join(tmpdir(), 'kolscope-web-'));
let t: TestApp;
beforeAll(async () => {
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>kolscope</title>');
  t = await startTestApp({ app: () => ({ webDist: web }) });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('security headers', () => {
  it('the page: a CSP allowing only its own scripts and images, no framing, no sniffing, no referrer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('API answers and errors carry them too', async () => {
    const ok = await t.call('system/history', {});
    const missing = await t.app.inject({ method: 'GET', url: '/nowhere' });
    const bad = await t.call('account/login', undefined, { raw: '{', contentType: 'application/json' });
    for (const res of [ok.res, missing, bad.res]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
    expect(bad.status).toBe(400);
  });
});
