import { accountCalls, TOKEN_COOKIE } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { SESSION_SECONDS } from '../../services/sessions';
import { defineAction, defineCall } from '../route';

export function accountRoutes(app: FastifyInstance, s: Services, opts: { secureCookies: boolean }) {
  const cookie = { httpOnly: true, path: '/', sameSite: 'lax' as const, secure: opts.secureCookies };

  defineCall(app, s, accountCalls.info, 'user', (_, ctx) => s.accounts.info(ctx.userId));

  // Logout always succeeds: the client goes to /login whatever happens, so there is nothing to refuse.
  defineCall(app, s, accountCalls.logout, 'public', async (_, ctx) => {
    if (ctx.token) await s.sessions.revoke(ctx.token);
    ctx.reply.clearCookie(TOKEN_COOKIE, cookie);
    return null;
  });

  defineAction(app, s, accountCalls.checkInnerCode, 'public', (b, ctx) => s.accounts.checkInnerCode(b.innerCode, ctx));
  defineAction(app, s, accountCalls.registerEmailCode, 'public', (b, ctx) => s.accounts.sendRegisterCode(b.email, ctx));
  defineAction(app, s, accountCalls.changePasswdEmailCode, 'public', (b, ctx) =>
    s.accounts.sendResetCode(b.email, ctx),
  );
  defineAction(app, s, accountCalls.loginEmailCode, 'public', (b, ctx) => s.accounts.sendLoginCode(b.email, ctx));
  defineAction(app, s, accountCalls.checkEmailCode, 'public', (b, ctx) =>
    s.accounts.checkEmailCode(b.email, b.purpose, b.code, ctx),
  );
  defineAction(app, s, accountCalls.register, 'public', (b, ctx) => s.accounts.register(b, ctx));

  const signIn = (session: { token: string; accountId: string }, ctx: { reply: import('fastify').FastifyReply }) => {
    ctx.reply.setCookie(TOKEN_COOKIE, session.token, { ...cookie, maxAge: SESSION_SECONDS });
    return session;
  };
  defineCall(app, s, accountCalls.login, 'public', async (b, ctx) =>
    signIn(await s.accounts.login(b.email, b.passwd, ctx), ctx),
  );
  defineCall(app, s, accountCalls.loginByCode, 'public', async (b, ctx) =>
    signIn(await s.accounts.loginByCode(b.email, b.code, ctx), ctx),
  );

  defineCall(app, s, accountCalls.changePasswd, 'public', async (b, ctx) => {
    await s.accounts.changePassword(b.email, b.code, b.passwd);
    // The reset signs every session out, this browser's included.
    ctx.reply.clearCookie(TOKEN_COOKIE, cookie);
    return null;
  });
}
