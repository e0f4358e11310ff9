/**
 * First-run data for the embedded default: a ready demo account (an administrator, so the whole
 * product can be seen) and at least one accepted inner code.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from './services/index';

export const DEMO_ACCOUNT = { email: 'demo@kolscope.local', password: 'kolscope-demo' } as const;

/**
 * `publicHost` (SEED_DEMO=public): the server is reachable from other machines, so the published
 * password must not work. The demo account gets a random password at every start (an account
 * seeded earlier too, and its sessions end); the start banner prints it for the operator.
 */
export async function seed(services: Services, opts: { demo: boolean; publicHost?: boolean }) {
  const innerCodes = await services.innerCodes.ensureOne();
  if (!opts.demo) return { innerCodes, demo: undefined };
  const password = opts.publicHost ? randomBytes(12).toString('base64url') : DEMO_ACCOUNT.password;
  const created = await services.accounts.createDirect(DEMO_ACCOUNT.email, password, { isAdmin: true, lang: 'en' });
  if (!created && opts.publicHost) await services.accounts.setPasswordDirect(DEMO_ACCOUNT.email, password);
  return { innerCodes, demo: { email: DEMO_ACCOUNT.email, password } };
}
