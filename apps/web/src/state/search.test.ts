import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToHistory, addToRecent, parseMemory, SEARCH_STORAGE_PREFIX } from './search';

describe('search history', () => {
  it('puts a new query first, trimmed, and ignores blanks', () => {
    expect(addToHistory(['eth'], '  btc ')).toEqual(['btc', 'eth']);
    expect(addToHistory(['eth'], '   ')).toEqual(['eth']);
  });

  it('keeps no duplicates: a known query (any case) keeps its place', () => {
    expect(addToHistory(['sol', 'btc', 'eth'], 'BTC')).toEqual(['sol', 'btc', 'eth']);
  });

  it('keeps at most 20 entries, dropping the oldest', () => {
    const full = Array.from({ length: 20 }, (_, i) => `q${i}`);
    const next = addToHistory(full, 'new');
    expect(next).toHaveLength(20);
    expect(next[0]).toBe('new');
    expect(next).not.toContain('q19');
  });
});

describe('recent queries', () => {
  it('moves a repeat to the front instead of listing it twice', () => {
    expect(addToRecent(['sol', 'btc', 'eth'], 'btc')).toEqual(['btc', 'sol', 'eth']);
    expect(addToRecent(['sol', 'btc'], ' Sol')).toEqual(['Sol', 'btc']);
  });

  it('keeps at most 10 entries, newest first', () => {
    let list: string[] = [];
    for (let i = 0; i < 15; i++) list = addToRecent(list, `q${i}`);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('q14');
    expect(list[9]).toBe('q5');
  });
});

describe('stored memory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('tolerates missing or malformed storage', () => {
    expect(parseMemory(null)).toEqual({ history: [], recent: [] });
    expect(parseMemory('not json')).toEqual({ history: [], recent: [] });
    expect(parseMemory('{"history":["a",3,""],"recent":"x"}')).toEqual({ history: ['a'], recent: [] });
  });

  it('records per kind and survives a reload of the store', async () => {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
      removeItem: (k: string) => data.delete(k),
    });
    const first = await import('./search');
    first.searchStore.getState().record('coin', 'btc');
    first.searchStore.getState().record('coin', 'eth');
    first.searchStore.getState().record('kol', 'vitalik');
    first.searchStore.getState().record('coin', '  ');
    expect(JSON.parse(data.get(`${SEARCH_STORAGE_PREFIX}coin`) ?? '')).toEqual({
      history: ['eth', 'btc'],
      recent: ['eth', 'btc'],
    });

    vi.resetModules();
    const second = await import('./search');
    expect(second.searchStore.getState().memory.coin.history).toEqual(['eth', 'btc']);
    expect(second.searchStore.getState().memory.kol.recent).toEqual(['vitalik']);
    expect(second.searchStore.getState().memory.user.history).toEqual([]);
    second.searchStore.getState().clearHistory('coin');
    expect(second.searchStore.getState().memory.coin).toEqual({ history: [], recent: [] });
  });
});
