import type { TweetCategory } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  isSubSelected,
  normaliseSelection,
  primaryOf,
  primaryState,
  toggleSub,
  togglePrimary,
} from './category';

const CATS: TweetCategory[] = [
  {
    id: 'defi',
    name: 'DeFi',
    subs: [
      { id: 'defi/lending', name: 'Lending' },
      { id: 'defi/dex', name: 'DEX' },
      { id: 'defi/yield', name: 'Yield' },
    ],
  },
  { id: 'nft', name: 'NFT', subs: [{ id: 'nft/art', name: 'Art' }] },
  { id: 'macro', name: 'Macro', subs: [] },
];
const DEFI = CATS[0]!;

describe('category selection', () => {
  it('knows the primary of an id', () => {
    expect(primaryOf('defi/lending')).toBe('defi');
    expect(primaryOf('defi')).toBe('defi');
  });

  it('collapses to the primary once every sub is picked', () => {
    let sel = toggleSub([], CATS, 'defi/lending');
    sel = toggleSub(sel, CATS, 'defi/dex');
    expect(sel).toEqual(['defi/lending', 'defi/dex']);
    expect(primaryState(sel, DEFI)).toBe('some');
    sel = toggleSub(sel, CATS, 'defi/yield');
    expect(sel).toEqual(['defi']);
    expect(primaryState(sel, DEFI)).toBe('all');
    // A primary with a single sub collapses at once.
    expect(toggleSub(['macro'], CATS, 'nft/art')).toEqual(['macro', 'nft']);
  });

  it('selecting a primary replaces its subs; toggling it again clears the primary', () => {
    const sel = togglePrimary(['nft/art', 'defi/dex', 'macro'], CATS, 'defi');
    expect(sel).toEqual(['nft', 'macro', 'defi']);
    expect(togglePrimary(sel, CATS, 'defi')).toEqual(['nft', 'macro']);
    expect(togglePrimary(['defi/dex'], CATS, 'macro')).toEqual(['defi/dex', 'macro']);
  });

  it('unticking a sub of a whole primary keeps its siblings', () => {
    const sel = toggleSub(['macro', 'defi', 'nft'], CATS, 'defi/dex');
    expect(sel).toEqual(['macro', 'defi/lending', 'defi/yield', 'nft']);
    expect(isSubSelected(sel, 'defi/dex')).toBe(false);
    expect(isSubSelected(sel, 'defi/yield')).toBe(true);
    expect(isSubSelected(sel, 'nft/art')).toBe(true);
    expect(toggleSub(['defi/dex'], CATS, 'defi/dex')).toEqual([]);
  });

  it('normalises loaded selections and keeps unknown ids', () => {
    expect(normaliseSelection(['defi/dex', 'defi', 'gone/x', 'gone/x'], CATS)).toEqual(['defi', 'gone/x']);
    expect(normaliseSelection(['defi/dex', 'defi/yield', 'defi/lending'], CATS)).toEqual(['defi']);
    expect(primaryState([], DEFI)).toBe('none');
  });

  it('labels ids by name', () => {
    expect(categoryLabel('defi', CATS)).toBe('DeFi');
    expect(categoryLabel('defi/dex', CATS)).toBe('DEX');
    expect(categoryLabel('defi/zzz', CATS)).toBe('defi/zzz');
    expect(categoryLabel('zzz', CATS)).toBe('zzz');
  });
});
