/**
 * One outgoing HTTP(S) request to a URL a user gave (push endpoints, proxied images), connecting
 * only to public addresses unless the operator allows private ones. node:http(s) rather than
 * fetch, because its `lookup` option lets us judge the address that is actually connected.
 * Redirects are not followed (a redirect could point anywhere); the answer is read up to a cap.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ipLiteralOf, isPublicAddress, PrivateAddressError, publicOnlyLookup, type Resolver } from './addresses';

export interface OutboundOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Uint8Array | null;
  timeoutMs: number;
  /** Stop reading after this many bytes of answer (the request then fails with TooLargeError). */
  maxBytes: number;
  /** PUSH_ALLOW_PRIVATE and tests: connect to any address. */
  allowPrivate?: boolean;
  /** Ends the request early (the reader who asked for it went away). */
  signal?: AbortSignal;
  /** DNS for the address check (tests replace it); the system resolver by default. */
  resolve?: Resolver;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class TooLargeError extends Error {}

export function outboundRequest(url: URL, opts: OutboundOptions): Promise<OutboundResponse> {
  const literal = ipLiteralOf(url);
  if (!opts.allowPrivate && literal && !isPublicAddress(literal)) {
    return Promise.reject(new PrivateAddressError(`${literal} is not a public address`));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers ?? {},
        ...(opts.allowPrivate && !opts.resolve ? {} : { lookup: publicOnlyLookup(opts.resolve, !opts.allowPrivate) }),
        signal: opts.signal
          ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)])
          : AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy(new TooLargeError(`answer larger than ${opts.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body ?? undefined);
  });
}
