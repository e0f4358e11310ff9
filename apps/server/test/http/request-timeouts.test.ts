/**
 * A client that sends part of a request and then waits (slowloris) is answered 408 and cut off at
 * the deadline, instead of holding a connection for as long as it likes. The deadline is 1 s
 * here; each test waits for the server to close the socket, bounded by the test timeout only.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ ingestKeys: ['k'], app: () => ({ requestTimeoutSeconds: 1 }) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a connection, writes `data`, then sends nothing more; resolves with all it got once closed. */
function sendAndHold(data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      got += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(got));
  });
}

const headers = (path: string, length: number, extra = '') =>
  `POST /webapi/v1/${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('request deadline', () => {
  it('answers 408 and closes when the body stops half way', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', passwd: 'secret-pass' });
    const got = await sendAndHold(headers('account/login', body.length) + body.slice(0, body.length / 2));
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4))).toEqual({
      ret: 408,
      msg: 'The request was not received in time',
    });
  });

  it('answers 408 and closes when the headers never end', async () => {
    const got = await sendAndHold('POST /webapi/v1/account/login HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a byte', async () => {
    expect(await sendAndHold('')).toMatch(/^$|^HTTP\/1\.1 408 /);
  });

  it('holds the deadline for an authorised ingest batch too', async () => {
    const got = await sendAndHold(`${headers('ingest/posts', 100_000, 'X-Ingest-Key: k\r\n')}{"posts":[`);
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves a whole request on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});
