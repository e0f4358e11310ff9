/**
 * E-mailed verification codes: 6 digits, valid 10 minutes, single use, at most 5 wrong tries,
 * and no new code for the same address and purpose within 60 s of the last one. An address gets
 * 5 mails an hour, and past them one every 10 minutes (rate-limit.ts `codeSendPerEmailAfter`).
 */
import { createHash, randomInt } from 'node:crypto';
import {
  CODE_RESEND_SECONDS,
  type Language,
  Ret,
  translate,
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@kolscope/contract';
import type { Queryable } from '../db/db';
import { type CodePurpose, emailCodesRepo } from '../db/repos/email-codes';
import type { Clock } from '../domain/clock';
import { AppError, isRateLimited } from './errors';
import type { Mailer } from './mail';
import { LIMITS, type RateLimiter, type Taken } from './rate-limit';

const SUBJECT = {
  register: 'mail_subject_register',
  reset: 'mail_subject_reset',
  login: 'mail_subject_login',
} as const;

/** What a send mails: the code, or a notice that the flow cannot go on for this address. */
export type Mail = 'code' | 'notice_registered' | 'notice_no_account';

const NOTICE = {
  notice_registered: { subject: 'mail_subject_notice_registered', text: 'mail_notice_registered' },
  notice_no_account: { subject: 'mail_subject_notice_no_account', text: 'mail_notice_no_account' },
} as const;

/** Stored for a notice: not a SHA-256 in hex, so no code ever matches it. */
const NOTICE_HASH = 'notice';

function hashCode(email: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');
}

export function verificationCodes(deps: {
  db: Queryable;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  log: (line: string) => void;
  logCodes: boolean;
}) {
  const repo = emailCodesRepo(deps.db);

  /**
   * One try of a code as a single atomic statement (`tryLatest`); `consume` uses a right code up.
   * Throws the reason a try failed: wrong, exhausted (the fifth wrong try included), expired,
   * used or never sent.
   */
  async function attempt(email: string, purpose: CodePurpose, code: string, consume: boolean): Promise<void> {
    const now = deps.clock.now();
    const tried = await repo.tryLatest({
      email,
      purpose,
      codeHash: hashCode(email, purpose, code.trim()),
      now,
      maxTries: VERIFICATION_CODE_MAX_TRIES,
      consume,
    });
    if (tried?.matched) return;
    if (tried) {
      throw tried.attempts >= VERIFICATION_CODE_MAX_TRIES
        ? new AppError(Ret.codeTooManyTries, 'code_too_many_tries')
        : new AppError(Ret.invalidCode, 'code_invalid');
    }
    // Nothing was tried: the latest code says why (read after the fact, so it only names the reason).
    const row = await repo.latest(email, purpose);
    if (!row || row.consumed_at) throw new AppError(Ret.invalidCode, 'code_missing');
    if (row.attempts >= VERIFICATION_CODE_MAX_TRIES) throw new AppError(Ret.codeTooManyTries, 'code_too_many_tries');
    throw new AppError(Ret.codeExpired, 'code_expired');
  }

  /**
   * Counts one mail to `email`: one of its 5 an hour, else its one every 10 minutes beyond them.
   * Refused, it names the sooner of the two waits.
   */
  async function takeMailOf(email: string): Promise<Taken> {
    try {
      return await deps.limiter.take(LIMITS.codeSendPerEmail, email);
    } catch (hourly) {
      if (!isRateLimited(hourly)) throw hourly;
      try {
        return await deps.limiter.take(LIMITS.codeSendPerEmailAfter, email);
      } catch (spaced) {
        if (!isRateLimited(spaced)) throw spaced;
        throw Number(spaced.params.seconds) < Number(hourly.params.seconds) ? spaced : hourly;
      }
    }
  }

  return {
    /**
     * Mails a code, or a notice when the flow cannot go on (`mailFor`, asked only after the
     * client address paid for the send). Both leave a row, so the 60-s wait, the budgets and
     * later tries behave alike whatever the account lookup found: a notice row holds a hash no
     * code has, so every try of it is wrong.
     */
    async send(
      email: string,
      purpose: CodePurpose,
      lang: Language,
      address: string,
      mailFor: () => Promise<Mail>,
    ): Promise<void> {
      await deps.limiter.hit(LIMITS.codeSendPerIp, address);
      const now = deps.clock.now();
      const last = await repo.latest(email, purpose);
      if (last) {
        const waited = (now.getTime() - last.created_at.getTime()) / 1000;
        if (waited < CODE_RESEND_SECONDS) {
          throw new AppError(
            Ret.resendTooSoon,
            'resend_too_soon',
            { seconds: Math.ceil(CODE_RESEND_SECONDS - waited) },
            429,
          );
        }
      }
      const spent = await takeMailOf(email);
      const mail = await mailFor();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.insert({
        email,
        purpose,
        codeHash: mail === 'code' ? hashCode(email, purpose, code) : NOTICE_HASH,
        now,
        expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
      });
      try {
        await deps.mailer.send(
          mail === 'code'
            ? { to: email, subject: translate(lang, SUBJECT[purpose]), text: translate(lang, 'mail_body', { code }) }
            : { to: email, subject: translate(lang, NOTICE[mail].subject), text: translate(lang, NOTICE[mail].text) },
        );
      } catch (err) {
        // A code the user never received must not block a resend for 60 s, nor spend a mail.
        const latest = await repo.latest(email, purpose);
        if (latest) await repo.delete(latest.id);
        await deps.limiter.refund(spent);
        deps.log(`mail to ${email} failed: ${(err as Error).message}`);
        throw new AppError(Ret.internal, 'mail_failed', {}, 502);
      }
      if (deps.logCodes && mail === 'code') deps.log(`verification code for ${email} (${purpose}): ${code}`);
    },

    /**
     * Tells whether a code is right without using it up, for the verify step (account/
     * check_email_code). A wrong code counts against the same 5 tries as the final call.
     */
    async check(email: string, purpose: CodePurpose, code: string): Promise<void> {
      await attempt(email, purpose, code, false);
    },

    /** Checks and uses up a code, in one atomic try; throws why when it is wrong, expired, used or exhausted. */
    async consume(email: string, purpose: CodePurpose, code: string): Promise<void> {
      await attempt(email, purpose, code, true);
    },
  };
}
export type VerificationCodes = ReturnType<typeof verificationCodes>;
