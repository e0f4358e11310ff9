/**
 * Inner (invite) codes accepted at registration: those in INNER_CODES plus those stored with
 * `kolscope inner-code add`. When neither exists, start() generates one and prints it.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { innerCodesRepo } from '../db/repos/inner-codes';
import type { Clock } from '../domain/clock';

export function innerCodes(deps: { db: Queryable; clock: Clock; fromEnv: string[] }) {
  const repo = innerCodesRepo(deps.db);
  return {
    async isAccepted(code: string): Promise<boolean> {
      const c = code.trim();
      return c !== '' && (deps.fromEnv.includes(c) || (await repo.exists(c)));
    },
    async list(): Promise<{ code: string; source: 'env' | 'database'; note: string }[]> {
      const stored = (await repo.list()).map((r) => ({ code: r.code, source: 'database' as const, note: r.note }));
      return [...deps.fromEnv.map((code) => ({ code, source: 'env' as const, note: '' })), ...stored];
    },
    add(code: string, note = ''): Promise<boolean> {
      return repo.add(code.trim(), note, deps.clock.now());
    },
    remove(code: string): Promise<boolean> {
      return repo.remove(code.trim());
    },
    /** The codes to print at start; generates and stores one when none is configured. */
    async ensureOne(): Promise<string[]> {
      const all = await this.list();
      if (all.length > 0) return all.map((c) => c.code);
      const code = `KOL-${randomBytes(4).toString('hex').toUpperCase()}`;
      await repo.add(code, 'generated at first start', deps.clock.now());
      return [code];
    },
  };
}
export type InnerCodes = ReturnType<typeof innerCodes>;
