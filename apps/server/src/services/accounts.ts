/** Accounts: registration by inner code and e-mailed code, sign-in, password reset, user info. */
import { randomBytes, randomInt } from 'node:crypto';
import { type Language, Ret, type UserInfo } from '@kolscope/contract';
import type { Db } from '../db/db';
import { type UserRow, usersRepo } from '../db/repos/users';
import { type Clock, epochSeconds } from '../domain/clock';
import { AppError } from './errors';
import type { InnerCodes } from './inner-codes';
import { DEFAULT_PASSWORD_COST, dummyHash, hashPassword, verifyPassword } from './passwords';
import { addressKey } from './client-address';
import { loginGuard } from './login-guard';
import { LIMITS, type RateLimiter } from './rate-limit';
import type { Sessions } from './sessions';
import type { Mail, VerificationCodes } from './verification-codes';

export interface Client {
  ip: string;
  userAgent: string;
  lang: Language;
}

// No 0/O or 1/I: invite codes are read aloud and typed on phones.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function accounts(deps: {
  db: Db;
  clock: Clock;
  codes: VerificationCodes;
  sessions: Sessions;
  innerCodes: InnerCodes;
  limiter: RateLimiter;
  adminEmails: string[];
  /** scrypt cost of new password hashes (services/passwords.ts); tests lower it. */
  passwordCost?: number;
}) {
  const users = usersRepo(deps.db);
  const cost = deps.passwordCost ?? DEFAULT_PASSWORD_COST;
  const hash = (passwd: string) => hashPassword(passwd, cost);
  const unknownUserHash = dummyHash(cost);
  const guard = loginGuard(deps.limiter);

  const isAdmin = (u: UserRow) => u.is_admin || deps.adminEmails.includes(u.email);

  async function newInviteCode(): Promise<string> {
    for (;;) {
      const code = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
      if (!(await users.inviteCodeTaken(code))) return code;
    }
  }

  /**
   * After a right code for `email`: its account. A code is mailed only to an address with an
   * account (notice rows never match), so a missing one means there is nothing to go on with.
   */
  async function userWithCode(email: string): Promise<UserRow> {
    const user = await users.byEmail(email);
    if (!user) throw new AppError(Ret.invalidCode, 'code_missing');
    return user;
  }

  /** The three code sends answer alike whether the address has an account or not (see send). */
  const mailIf = (needsAccount: boolean, email: string, notice: Mail) => async (): Promise<Mail> => {
    const hasAccount = (await users.byEmail(email)) !== undefined;
    return hasAccount === needsAccount ? 'code' : notice;
  };

  async function startSession(user: UserRow, client: Client) {
    await users.setLanguage(user.id, client.lang);
    const token = await deps.sessions.create(user.id, client.ip, client.userAgent);
    return { token, accountId: String(user.id) };
  }

  return {
    isAdmin,

    async isAdminById(userId: number): Promise<boolean> {
      const u = await users.byId(userId);
      return u !== undefined && isAdmin(u);
    },

    async info(userId: number): Promise<UserInfo> {
      const u = await users.byId(userId);
      if (!u) throw new AppError(Ret.unauthorized, 'unauthorized', {}, 401);
      return {
        id: String(u.id),
        ct: epochSeconds(u.created_at),
        ut: epochSeconds(u.updated_at),
        name: u.name,
        email: u.email,
        isAdmin: isAdmin(u),
        sourceId: u.source_id,
        icon: u.icon,
        inviteCode: u.invite_code,
        sourceInviteCode: u.source_invite_code,
        sourceInviteUserId: u.source_invite_user_id === null ? '' : String(u.source_invite_user_id),
      };
    },

    async checkInnerCode(innerCode: string, client: Client): Promise<void> {
      await deps.limiter.hit(LIMITS.innerCodePerIp, addressKey(client.ip));
      if (!(await deps.innerCodes.isAccepted(innerCode)))
        throw new AppError(Ret.innerCodeInvalid, 'inner_code_invalid');
    },

    // Registered or not, each send answers the same: the owner of a registered address is told
    // so by mail instead of getting a register code, an unknown address gets a neutral notice
    // instead of a sign-in or reset code.
    async sendRegisterCode(email: string, client: Client): Promise<void> {
      const mail = mailIf(false, email, 'notice_registered');
      await deps.codes.send(email, 'register', client.lang, addressKey(client.ip), mail);
    },

    async sendResetCode(email: string, client: Client): Promise<void> {
      const mail = mailIf(true, email, 'notice_no_account');
      await deps.codes.send(email, 'reset', client.lang, addressKey(client.ip), mail);
    },

    async sendLoginCode(email: string, client: Client): Promise<void> {
      const mail = mailIf(true, email, 'notice_no_account');
      await deps.codes.send(email, 'login', client.lang, addressKey(client.ip), mail);
    },

    /** The verify step of registration or reset: is this the mailed code? (not used up) */
    async checkEmailCode(email: string, purpose: 'register' | 'reset', code: string, client: Client): Promise<void> {
      await deps.limiter.hit(LIMITS.codeCheckPerIp, addressKey(client.ip));
      await deps.limiter.hit(LIMITS.codeCheckPerEmail, email);
      await deps.codes.check(email, purpose, code);
    },

    async register(
      r: { email: string; code: string; passwd: string; inviteCode: string; innerCode: string },
      client: Client,
    ): Promise<void> {
      if (!(await deps.innerCodes.isAccepted(r.innerCode)))
        throw new AppError(Ret.innerCodeInvalid, 'inner_code_invalid');
      const inviter = r.inviteCode ? await users.byInviteCode(r.inviteCode.toUpperCase()) : undefined;
      if (r.inviteCode && !inviter) throw new AppError(Ret.inviteCodeInvalid, 'invite_code_unknown');
      // The code first: asking whether the address is taken before it would tell anyone.
      await deps.codes.consume(r.email, 'register', r.code);
      const created = await users.insert({
        email: r.email,
        name: r.email.split('@')[0] ?? r.email,
        passwordHash: await hash(r.passwd),
        inviteCode: await newInviteCode(),
        sourceInviteCode: inviter ? inviter.invite_code : '',
        sourceInviteUserId: inviter ? inviter.id : null,
        isAdmin: false,
        language: client.lang,
        now: deps.clock.now(),
      });
      // Two registrations racing for one address: the second loses here.
      if (!created) throw new AppError(Ret.emailTaken, 'email_taken', {}, 409);
    },

    async login(email: string, passwd: string, client: Client) {
      const user = await guard.attempt(email, client.ip, async () => {
        const found = await users.byEmail(email);
        const ok = await verifyPassword(passwd, found?.password_hash ?? unknownUserHash);
        return ok ? found : undefined;
      });
      if (!user) throw new AppError(Ret.badCredentials, 'bad_credentials');
      return startSession(user, client);
    },

    /** Not limited by password failures: each code allows 5 tries, and the address is limited. */
    async loginByCode(email: string, code: string, client: Client) {
      await deps.limiter.hit(LIMITS.codeCheckPerIp, addressKey(client.ip));
      await deps.codes.consume(email, 'login', code);
      return startSession(await userWithCode(email), client);
    },

    /** Resets the password with an e-mailed code and signs every session of the account out. */
    async changePassword(email: string, code: string, passwd: string): Promise<void> {
      await deps.codes.consume(email, 'reset', code);
      const user = await userWithCode(email);
      await users.setPassword(user.id, await hash(passwd), deps.clock.now());
      await deps.sessions.revokeAllOf(user.id);
    },

    /** For the seed and the CLI: an account made without the e-mail round trip. */
    async createDirect(
      email: string,
      passwd: string,
      opts: { isAdmin: boolean; lang: Language },
    ): Promise<UserRow | undefined> {
      return users.insert({
        email,
        name: email.split('@')[0] ?? email,
        passwordHash: await hash(passwd),
        inviteCode: await newInviteCode(),
        sourceInviteCode: '',
        sourceInviteUserId: null,
        isAdmin: opts.isAdmin,
        language: opts.lang,
        now: deps.clock.now(),
      });
    },

    /** For the seed: a new password set without a code; every session of the account ends. */
    async setPasswordDirect(email: string, passwd: string): Promise<void> {
      const user = await users.byEmail(email);
      if (!user) throw new Error(`no account ${email}`);
      await users.setPassword(user.id, await hash(passwd), deps.clock.now());
      await deps.sessions.revokeAllOf(user.id);
    },

    async isAdminByEmail(email: string): Promise<boolean> {
      const u = await users.byEmail(email);
      return u !== undefined && isAdmin(u);
    },

    /**
     * For the seed: makes an account unusable without deleting what it holds: a random password
     * nobody is told, no administrator right, every session ended. False when there is none.
     */
    async disableDirect(email: string): Promise<boolean> {
      const user = await users.byEmail(email);
      if (!user) return false;
      await users.setPassword(user.id, await hash(randomBytes(32).toString('base64url')), deps.clock.now());
      await users.setAdmin(email, false, deps.clock.now());
      await deps.sessions.revokeAllOf(user.id);
      return true;
    },

    async setAdmin(email: string, admin: boolean): Promise<boolean> {
      return users.setAdmin(email, admin, deps.clock.now());
    },
  };
}
export type Accounts = ReturnType<typeof accounts>;
