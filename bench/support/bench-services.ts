/** The services as the server wires them, with no mail and no configured codes, and a fresh user: what the API benches measure through. */
import type { Db } from '../../apps/server/src/db/db';
import { createServices, type ServiceDeps } from '../../apps/server/src/services/index';

export type BenchServices = ReturnType<typeof createServices>;

/** `options` as in ServiceDeps (feedCacheMs: 0 makes every feed page reach the database). */
export function benchServices(db: Db, options: Partial<Omit<ServiceDeps, 'db'>> = {}): BenchServices {
  return createServices({
    db,
    mailer: { send: async () => {}, close: () => {} },
    config: { innerCodes: [], adminEmails: [], smtpUrl: undefined },
    ...options,
  });
}

/** A new non-admin English account with the password `bench-pass`; `prefix` tells the benches' users apart. */
export async function benchUser(services: BenchServices, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await services.accounts.createDirect(email, 'bench-pass', { isAdmin: false, lang: 'en' });
  if (!user) throw new Error(`bench user ${email} was not created`);
  return user;
}

/** The p-th percentile of ascending `sorted` (nearest rank below). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
