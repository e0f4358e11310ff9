/**
 * A local HTTP server that plays push service for the tests, and a browser's side of a push
 * subscription: an ECDH key pair and an auth secret, with which the received bodies are
 * decrypted (RFC 8291, aes128gcm) exactly as a browser would.
 */
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

// http_ece (web-push's own encryption library) has no type declarations.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startPushEndpoint() {
  const received: ReceivedPush[] = [];
  /** Status to answer per path; 201 (created) by default, as push services do. */
  const statusOf = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusOf.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A browser's subscription to this endpoint under `path`, and how to read what it gets. */
  function browser(path: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    return {
      path,
      subscription: {
        endpoint: `${base}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      },
      /** The decrypted JSON messages this browser received, oldest first. */
      messages(): { title: string; body: string; url: string; tag: string }[] {
        return received
          .filter((r) => r.path === path)
          .map((r) =>
            JSON.parse(
              ece.decrypt(r.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
            ),
          );
      },
    };
  }

  return {
    received,
    statusOf,
    browser,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
