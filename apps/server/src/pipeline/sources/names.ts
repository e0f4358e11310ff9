/** Polled sources that SOURCES can name; the push source is on whenever INGEST_KEYS is set. */
export const SOURCE_NAMES = ['demo', 'x-api', 'rss', 'telegram', 'bluesky', 'farcaster'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];
