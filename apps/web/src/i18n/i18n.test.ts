import { describe, expect, it } from 'vitest';
import { catalogues } from './catalogues';

const en = catalogues.en;
const zhCN = catalogues['zh-CN'];

/** Flattens a nested catalogue to `a.b.c -> value`. */
function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('translation catalogues', () => {
  const enKeys = flatten(en);
  const zhKeys = flatten(zhCN);

  it('have identical key sets', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('have no empty or non-string values', () => {
    for (const [key, value] of [...enKeys, ...zhKeys]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, value] of enKeys) {
      expect(placeholders(String(zhKeys.get(key))), key).toEqual(placeholders(String(value)));
    }
  });

  it('keep the spec texts verbatim in English', () => {
    const text = flatten(en);
    expect(text.get('auth.googleDev')).toBe('Google sign-in under development');
    expect(text.get('auth.emailInvalid')).toBe('Please enter a valid email');
    expect(text.get('auth.passwordTooShort')).toBe('Password must be at least 6 characters');
    expect(text.get('auth.inviteFailed')).toBe('Invite code verification failed');
    expect(text.get('home.placeholderTitle')).toBe('Your views will appear here');
  });
});
