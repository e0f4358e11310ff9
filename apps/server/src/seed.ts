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
 *
 * Without demo seeding (SEED_DEMO=false) a demo account an earlier start made is disabled (issue
 * 34: it stayed an administrator with the published password, and the public-HOST check, which
 * only looks at the setting, no longer guarded it): a random password nobody is told, no
 * administrator right, its sessions ended. It is kept, not deleted, so its views survive a
 * later SEED_DEMO=true or public, which makes it the demo administrator again with the password
 * that setting gives (an account that stayed an administrator keeps its password on loopback).
 */
export async function seed(services: Services, opts: { demo: boolean; publicHost?: boolean }) {
  const innerCodes = await services.innerCodes.ensureOne();
  const { accounts } = services;
  if (!opts.demo) {
    const demoDisabled = await accounts.disableDirect(DEMO_ACCOUNT.email);
    return { innerCodes, demo: undefined, demoDisabled };
  }
  const password = opts.publicHost ? randomBytes(12).toString('base64url') : DEMO_ACCOUNT.password;
  const created = await accounts.createDirect(DEMO_ACCOUNT.email, password, { isAdmin: true, lang: 'en' });
  if (!created) {
    // No administrator right left: an earlier SEED_DEMO=false disabled it.
    const wasDisabled = !(await accounts.isAdminByEmail(DEMO_ACCOUNT.email));
    if (opts.publicHost || wasDisabled) await accounts.setPasswordDirect(DEMO_ACCOUNT.email, password);
    if (wasDisabled) await accounts.setAdmin(DEMO_ACCOUNT.email, true);
  }
  return { innerCodes, demo: { email: DEMO_ACCOUNT.email, password }, demoDisabled: false };
}
