/**
 * Which server test files run a second time on PostgreSQL (`.ci/run`'s postgres stage, `npm run
 * test:pg`): the ones whose subject is the database. The whole server suite runs on the embedded
 * PGlite in `npm test`; PGlite is the same PostgreSQL engine in one process, so a test of parsing,
 * adapters against fake services, rules, config, routes or CLI text proves nothing more there.
 * What differs on a server, and so is tested again on one: SQL written for both drivers, rollup
 * triggers and their exactness, migrations and upgrades, locks and races between connections,
 * statement time bounds, the read replica, several processes on one database, and every limit
 * that must hold under concurrent requests. A new test file of that kind belongs in this list.
 * Paths are globs relative to the repository root (vitest.config.ts reads this list).
 */
const under = (path: string) => `apps/server/test/${path}`;

export const POSTGRES_SUBJECTS = [
  // Migrations, upgrades, the read replica.
  'db/**/*.test.ts',
  'copies/**/*.test.ts',
  // Rollup triggers, recounts and their exactness.
  'opinion/**/*.test.ts',
  'ranking/**/*.test.ts',
  'admin/**/*.test.ts',
  'track-record/**/*.test.ts',
  'persons/**/*.test.ts',
  'sentiment-feedback/**/*.test.ts',
  // Mindshare: sector keys counted once per post by the coin rollups, and their SQL map.
  'mindshare/**/*.test.ts',
  'domain/sectors.test.ts',
  // Feed and matching SQL.
  'views/feed.test.ts',
  'views/keyword-match.test.ts',
  'views/keyword-cost.test.ts',
  'kol/**/*.test.ts',
  'notifications/match.test.ts',
  'notifications/notification-views.test.ts',
  'markets/candles-repo.test.ts',
  'markets/price-worker.test.ts',
  'pipeline/enrich-stances.test.ts',
  'pipeline/ingest-push.test.ts',
  // Limits, races, statement bounds and leases between connections.
  'account-code-races.test.ts',
  'account-login-limits.test.ts',
  'rate-limit-rows.test.ts',
  'fairness/**/*.test.ts',
  'http/request-timeouts.test.ts',
  'pipeline/runner.test.ts',
  // Crashed workers, several processes and caches across them on one database.
  'pipeline/worker-crash.test.ts',
  'pipeline/tg-fc-worker.test.ts',
  'pipeline/bluesky/worker.test.ts',
  'multi-process/**/*.test.ts',
  'events/invalidation.test.ts',
  'deploy/image.test.ts',
  // Opinion alerts: their one rollup read per table (SQL the planner must not turn into a scan),
  // exact against a recount, and the minute claimed by one connection only.
  'alerts/**/*.test.ts',
].map(under);
