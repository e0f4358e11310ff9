/**
 * Demo data: a generated population of crypto KOL accounts and their posts, the embedded default
 * source, so a fresh install has a lively feed without any API keys. Everything here is invented.
 */
export { DEMO_ACCOUNT_COUNT, type DemoAccount, type DemoPersona, demoAccounts, demoAvatarUrl } from './accounts';
export { DEMO_COINS, type DemoCoin, type DemoTopic } from './coins';
export { DEMO_SLOT_MS } from './generate';
export {
  createDemoSource,
  DEFAULT_DEMO_SEED,
  DEMO_SOURCE_NAME,
  demoStoryStartMs,
  type DemoSourceOptions,
  formatDemoCursor,
  generateDemoPosts,
  parseDemoCursor,
} from './source';
export { renderDemoAvatar, renderDemoImage } from './svg';
export { renderDemoThumbnail } from './thumbnail';
