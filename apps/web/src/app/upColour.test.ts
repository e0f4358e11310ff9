import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseUpColour, defaultUpColour, storedUpColour, UP_COLOUR_STORAGE_KEY } from './upColour';

describe('the up/down colour convention', () => {
  let data: Map<string, string>;
  let root: { dataset: Record<string, string> };
  beforeEach(() => {
    data = new Map();
    root = { dataset: {} };
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
      removeItem: (k: string) => data.delete(k),
    });
    vi.stubGlobal('document', { documentElement: root });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the language until the reader picks one: red up in Chinese, green up in English', () => {
    expect(defaultUpColour('zh-CN')).toBe('red');
    expect(defaultUpColour('en')).toBe('green');
    expect(storedUpColour('zh-CN')).toBe('red');
    expect(storedUpColour('en')).toBe('green');
  });

  it('keeps the reader’s pick across languages, and applies it to the root element at once', () => {
    chooseUpColour('red');
    expect(data.get(UP_COLOUR_STORAGE_KEY)).toBe('red');
    expect(root.dataset.upColour).toBe('red');
    expect(storedUpColour('en')).toBe('red');
    chooseUpColour('green');
    expect(root.dataset.upColour).toBe('green');
    expect(storedUpColour('zh-CN')).toBe('green');
  });

  it('ignores a stored value it does not know', () => {
    data.set(UP_COLOUR_STORAGE_KEY, 'blue');
    expect(storedUpColour('zh-CN')).toBe('red');
    expect(storedUpColour('en')).toBe('green');
  });
});
