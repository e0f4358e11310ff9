import { NETWORKS, type Network } from '@kolscope/contract';

/** Polled sources that SOURCES can name; the push source is on whenever INGEST_KEYS is set. */
export const SOURCE_NAMES = ['demo', 'x-api', 'rss', 'telegram', 'bluesky', 'farcaster'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

/** The networks each source's posts come from (the demo stands in for X, Telegram and Farcaster). */
const SOURCE_NETWORKS: Record<SourceName, readonly Network[]> = {
  demo: ['x', 'telegram', 'farcaster'],
  'x-api': ['x'],
  rss: ['x'],
  telegram: ['telegram'],
  bluesky: ['bluesky'],
  farcaster: ['farcaster'],
};

/** The public networks a configuration collects: its sources', and X's when the push source is on. */
export function collectedNetworks(sources: readonly SourceName[], pushOn: boolean): Network[] {
  const found = new Set<Network>(pushOn ? ['x'] : []);
  for (const s of sources) for (const n of SOURCE_NETWORKS[s]) found.add(n);
  return NETWORKS.filter((n) => found.has(n));
}
