/**
 * A request's statements are bounded in time (503) and stopped when its client goes (issue 13).
 * The statements wait on a lock the test holds, so they would run for ever without the limits:
 * before them, the update stayed in pg_stat_activity until the lock was released.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outsideRequest, QueryContext, RequestCancelled, runInRequest } from '../../src/db/query-context';
import { holdDb, releaseHolds, until } from '../support/db-hold';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// The bound under test. Only the calls that must meet it run under it, and each of those waits on
// a lock the test holds or sleeps past it, so a busy machine cannot make a set-up call meet it.
const TIMEOUT_MS = 2_000;

let t: TestApp;
let ann: string;
let annGroup: string;
const update = () => ({
  groupId: annGroup,
  name: 'x',
  twitterUserFans: [0, 0],
  whiteTwitterUserIds: [],
  blackTwitterUserIds: [],
});
const lockAnnGroup = () => holdDb(t.db, 'SELECT id FROM kol_groups WHERE id = $1 FOR UPDATE', [annGroup]);

beforeAll(async () => {
  // The database's statement_timeout is TIMEOUT_MS from the start (a connection setting); the
  // request deadline is lifted while the account is made: a sign-up on a loaded machine may take
  // longer than the bound in all (it hashes a password), though no one statement of it does.
  t = await startTestApp({ requests: { statementTimeoutMs: TIMEOUT_MS } });
  t.services.requests.timeoutMs = 0;
  ann = await registerAndLogin(t, 'ann@example.com');
  annGroup = ((await t.call('kol_group/list', {}, { token: ann })).body.data as { id: string }[])[1]!.id;
  t.services.requests.timeoutMs = TIMEOUT_MS;
});
afterAll(() => t.close());
afterEach(releaseHolds);

describe('statement time of a request', () => {
  it('starts no statement once the request is out of time; background work is not bounded', async () => {
    const ctx = new QueryContext(1);
    const start = performance.now();
    await until(() => performance.now() > start + 2, 'the deadline passed');
    await runInRequest(ctx, async () => {
      await expect(t.db.query('SELECT 1')).rejects.toEqual(new RequestCancelled('timeout'));
      await expect(t.db.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(RequestCancelled);
      expect(await outsideRequest(() => t.db.query<{ n: number }>('SELECT 1 AS n'))).toEqual([{ n: 1 }]);
    });
  });

  it.skipIf(!onPostgres)('answers 503 when a statement runs past REQUEST_STATEMENT_TIMEOUT_MS', async () => {
    await lockAnnGroup();
    // The lock is never released while the request runs: only the timeout can end it.
    const res = await t.call('kol_group/update', update(), { token: ann });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ret: 503, msg: 'This took too long and was stopped, please retry in a moment' });
    const zh = await t.call('kol_group/update', update(), { token: ann, lang: 'zh-CN' });
    expect(zh.body).toEqual({ ret: 503, msg: '处理时间过长已停止，请稍后重试' });
  });

  it.skipIf(!onPostgres)('bounds statements run for a request, not those outside it', async () => {
    await runInRequest(new QueryContext(60_000), async () => {
      // pg_sleep outlasts the statement_timeout of request connections on any machine.
      const sleep = `SELECT pg_sleep(${TIMEOUT_MS / 1000 + 0.5})`;
      await expect(t.db.query(sleep)).rejects.toEqual(new RequestCancelled('timeout'));
      await expect(outsideRequest(() => t.db.query(sleep))).resolves.toHaveLength(1);
    });
  });
});

describe.skipIf(!onPostgres)('a client that goes away', () => {
  it("cancels the request's running statement (pg_cancel_backend)", async () => {
    // Statements of this app get 60 s, so only the cancel can end the waiting update.
    const app = await startTestApp({ requests: { statementTimeoutMs: 60_000 } });
    try {
      const token = await registerAndLogin(app, 'cat@example.com');
      const catGroup = ((await app.call('kol_group/list', {}, { token })).body.data as { id: string }[])[1]!.id;
      const catLock = await holdDb(app.db, 'SELECT id FROM kol_groups WHERE id = $1 FOR UPDATE', [catGroup]);
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.server.address() as AddressInfo;
      const body = JSON.stringify({
        group_id: catGroup,
        name: 'x',
        twitter_user_fans: [0, 0],
        white_twitter_user_ids: [],
        black_twitter_user_ids: [],
      });
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/webapi/v1/kol_group/update',
        headers: { 'content-type': 'application/json', cookie: `token=${token}` },
      });
      req.on('error', () => {}); // the abort below ends it
      req.end(body);
      await until(async () => (await catLock.blocked()) === 1, 'the update waits on the lock');
      req.destroy();
      // Still holding the lock: the statement can only be gone because it was cancelled.
      await until(async () => (await catLock.blocked()) === 0, 'the update was cancelled');
      await catLock.release();
      // The app goes on: the connection of the gone request was closed, not handed to another.
      expect((await app.call('kol_group/list', {}, { token })).body.ret).toBe(1);
    } finally {
      releaseHolds();
      await app.close();
    }
  });
});
