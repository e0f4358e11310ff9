/** The server suite's local Bluesky, Farcaster and Telegram services, which e2e files point the product at. */
export * from '../../apps/server/test/pipeline/bluesky/fake-bluesky';
export * from '../../apps/server/test/pipeline/farcaster/fake-hub';
export * from '../../apps/server/test/pipeline/telegram/fake-telegram';
