/**
 * How long a client may take to send its request. Fastify turns Node's request timeout off by
 * default, so a client that sends headers and half a body held its connection for as long as it
 * liked (400 s and more in a probe); a few hundred such clients hold every socket. Node checks
 * the deadline on a timer, answers 408 and closes the connection.
 */
import type { Socket } from 'node:net';
import { Ret, translate } from '@kolscope/contract';
import type { FastifyServerOptions } from 'fastify';

export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** Answers a connection-level error in the API's envelope (there is no request language yet). */
function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, text] = timeout
    ? [408, 'Request Timeout']
    : tooLarge
      ? [431, 'Request Header Fields Too Large']
      : [400, 'Bad Request'];
  const body = JSON.stringify({
    ret: timeout ? Ret.requestTimeout : Ret.badRequest,
    msg: translate('en', timeout ? 'request_timeout' : tooLarge ? 'body_too_large' : 'body_malformed'),
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

type TimeoutOptions = Pick<FastifyServerOptions, 'requestTimeout' | 'clientErrorHandler'> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
};

/**
 * Fastify options for the deadline of one request, headers and body: `seconds` from the first
 * byte to the last. Idle keep-alive connections keep Fastify's own limit (72 s); a response may
 * take as long as it needs (the deadline ends when the request is received).
 */
export function timeoutOptions(seconds: number): TimeoutOptions {
  const ms = Math.round(seconds * 1000);
  return {
    requestTimeout: ms,
    http: {
      requestTimeout: ms,
      // Node requires headers no later than the whole request.
      headersTimeout: ms,
      // Node looks for late requests on this timer (default 30 s): a tenth of the deadline keeps
      // a slow client at most 10 % over it, and the check is one pass over open connections.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.round(ms / 10))),
    },
    clientErrorHandler: clientError,
  };
}
