/**
 * A real kolscope app for integration tests: migrated database (in-memory PGlite, or a fresh
 * schema on PostgreSQL when TEST_DATABASE_URL is set), a real SMTP server, a movable clock.
 */
import type { SummarySettings } from '../../src/services/arguments/summary';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, inject } from 'vitest';
import { toWire } from '@kolscope/contract';
import { type AppOptions, buildApp } from '../../src/app';
import type { Services } from '../../src/services/index';
import { type Db, openPglite, openPostgres } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { createServices } from '../../src/services/index';
import type { PushOptions } from '../../src/services/notifications/index';
import { smtpMailer } from '../../src/services/mail';
import type { RequestLimitSettings } from '../../src/services/request-limits';
import type { EventBus } from '../../src/services/events/types';
import type { StreamSettings } from '../../src/services/stream-hub';
import { startSmtp } from './smtp';

export class TestClock {
  private t = Date.now();
  now = () => new Date(this.t);
  advance(seconds: number) {
    this.t += seconds * 1000;
  }
}

export async function openTestDb(
  options: { requestStatementTimeoutMs?: number } = {},
): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite(undefined);
    return { db, drop: async () => {} };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { searchPath: schema, ...options });
  return {
    db,
    drop: async () => {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

let snapshot: Promise<Blob> | undefined;
/** The migrated data folder the suite's global setup saved (support/global-setup.ts). */
const migratedSnapshot = () =>
  (snapshot ??= readFile(inject('pgliteMigratedSnapshot')).then((bytes) => new Blob([bytes])));

/**
 * A test database with every migration applied: on PGlite a copy of the suite's migrated
 * snapshot, on PostgreSQL a fresh schema migrated. `closeTestDb` (or the returned drop) after.
 */
export async function openMigratedDb(
  options: { requestStatementTimeoutMs?: number } = {},
): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL)
    return { db: await openPglite(undefined, await migratedSnapshot()), drop: async () => {} };
  const opened = await openTestDb(options);
  await migrate(opened.db);
  return opened;
}

export async function closeTestDb(db: Db | undefined, drop: (() => Promise<void>) | undefined): Promise<void> {
  await db?.close();
  await drop?.();
}

export interface TestAppOptions {
  innerCodes?: string[];
  adminEmails?: string[];
  secureCookies?: boolean;
  ingestKeys?: string[];
  /** Web Push settings, e.g. allowing the local http endpoint that plays push service. */
  push?: PushOptions;
  /** More for buildApp, made from the services: requests in flight, how far history is loaded. */
  app?: (
    services: Services,
  ) => Pick<AppOptions, 'gate' | 'history' | 'requestTimeoutSeconds' | 'mediaProxy' | 'webDist'>;
  /**
   * Per-caller request share and statement time (services/request-limits.ts). Tests fire calls in
   * parallel from one address, so by default nobody is queued or refused and the time is 60 s;
   * test/fairness sets the production values or smaller ones.
   */
  requests?: { limits?: RequestLimitSettings; statementTimeoutMs?: number };
  /** The arguments' summaries endpoint (SUMMARY_URL ...); none: state off. */
  summaries?: SummarySettings;
  /** How long feed pages stay in the shared cache (default: the service's own). */
  feedCacheMs?: number;
  /** Live stream bounds and timers (services/stream-hub.ts). */
  stream?: Partial<StreamSettings>;
  /** The event bus (default: the in-process one), e.g. a Redis bus through a proxy a test stalls. */
  events?: EventBus;
  /** Opens the database instead of openTestDb (a primary with a read replica: support/replica.ts). */
  database?: typeof openTestDb;
}

/** scrypt's N for the accounts tests make: 2^10, a sixteenth of the production cost. */
const TEST_PASSWORD_COST = 1024;

const TEST_REQUESTS = { limits: { running: 10_000, queued: 0 }, statementTimeoutMs: 60_000 };

export async function startTestApp(options: TestAppOptions = {}) {
  const smtp = await startSmtp();
  const requests = { ...TEST_REQUESTS, ...options.requests };
  const { db, drop } = await (options.database ?? openMigratedDb)({
    requestStatementTimeoutMs: requests.statementTimeoutMs,
  });
  await migrate(db);
  const clock = new TestClock();
  const mailer = smtpMailer(smtp.url, 'kolscope <no-reply@kolscope.test>');
  const services = createServices({
    db,
    mailer,
    clock,
    config: {
      innerCodes: options.innerCodes ?? ['TEST-INNER'],
      adminEmails: options.adminEmails ?? [],
      smtpUrl: smtp.url,
      ingestKeys: options.ingestKeys ?? [],
    },
    publicUrl: 'https://kolscope.test',
    requests,
    // Hashing at the production cost was the suite's largest CPU cost (hundreds of sign-ups and
    // guesses); the cost is a number in the stored hash, and the flows are the same at any cost.
    passwordCost: TEST_PASSWORD_COST,
    ...(options.push ? { push: options.push } : {}),
    ...(options.feedCacheMs !== undefined ? { feedCacheMs: options.feedCacheMs } : {}),
    ...(options.stream ? { stream: options.stream } : {}),
    ...(options.summaries ? { summaries: options.summaries } : {}),
    ...(options.events ? { events: options.events } : {}),
  });
  const app = await buildApp({ services, secureCookies: options.secureCookies ?? false, ...options.app?.(services) });

  /** POSTs a call the way the web client does: snake_case JSON, language header, token cookie. */
  async function call(
    path: string,
    body?: unknown,
    opts: { token?: string; lang?: string; ip?: string; raw?: string; contentType?: string } = {},
  ) {
    const res = await app.inject({
      method: 'POST',
      url: `/webapi/v1/${path}`,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        ...(opts.raw !== undefined || body !== undefined
          ? { 'content-type': opts.contentType ?? 'application/json' }
          : {}),
        ...(opts.lang ? { 'accept-language': opts.lang } : {}),
        ...(opts.token ? { cookie: `token=${opts.token}` } : {}),
      },
      ...(opts.raw !== undefined
        ? { payload: opts.raw }
        : body !== undefined
          ? { payload: JSON.stringify(toWire(body)) }
          : {}),
    });
    return {
      status: res.statusCode,
      body: res.json() as { ret: number; msg?: string; data?: unknown },
      headers: res.headers,
      res,
    };
  }

  return {
    app,
    services,
    db,
    smtp,
    clock,
    call,
    async close() {
      await app.close();
      mailer.close();
      await db.close();
      await drop();
      await smtp.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A started app with one account signed in: the set-up most route tests share. */
export async function signedInApp(email: string) {
  const t = await startTestApp();
  return { t, token: await registerAndLogin(t, email) };
}

/** Registers an account through the real flow (inner code, mailed code) and signs it in. */
export async function registerAndLogin(t: TestApp, email: string, passwd = 'secret-pass', ip = '10.9.0.1') {
  expect((await t.call('account/register_email_code', { email }, { ip })).body.ret).toBe(1);
  const code = t.smtp.lastCode(email);
  const reg = await t.call('account/register', { email, code, passwd, innerCode: 'TEST-INNER' }, { ip });
  expect(reg.body).toEqual({ ret: 1, data: null });
  const login = await t.call('account/login', { email, passwd }, { ip });
  expect(login.body.ret).toBe(1);
  return (login.body.data as { token: string; account_id: string }).token;
}
