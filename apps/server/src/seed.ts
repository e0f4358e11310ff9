/**
 * First-run data for the embedded default: a ready demo account (an administrator, so the whole
 * product can be seen) and at least one accepted inner code.
 */
import type { Services } from './services/index';

export const DEMO_ACCOUNT = { email: 'demo@kolscope.local', password: 'kolscope-demo' } as const;

export async function seed(services: Services, opts: { demo: boolean }) {
  const innerCodes = await services.innerCodes.ensureOne();
  if (opts.demo) {
    await services.accounts.createDirect(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, { isAdmin: true, lang: 'en' });
  }
  return { innerCodes, demo: opts.demo ? DEMO_ACCOUNT : undefined };
}
