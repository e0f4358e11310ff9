/**
 * `GET /webapi/v1/stream`: the live stream of hints (server-sent events, services/stream-hub.ts).
 * Not a contract call: it is a GET that stays open, so it skips defineCall's per-caller share
 * (2 running would be taken by two tabs), its database context and its body checks. Signed-out
 * callers and a full process get the API's JSON envelope before the stream starts.
 */
import { API_PREFIX, Ret, STREAM_PATH } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../services/errors';
import { STREAM_OPENING } from '../../services/stream-hub';
import type { Services } from '../../services/index';
import { tokenOf } from '../route';

export const STREAM_URL = `${API_PREFIX}/${STREAM_PATH}`;

export function streamRoutes(app: FastifyInstance, services: Services) {
  const hub = services.stream;
  // Open streams never end by themselves: closing the server ends them (the browsers reconnect).
  app.addHook('preClose', async () => hub.closeAll());

  // No HEAD twin: a HEAD would hold a stream open that can carry nothing.
  app.get(STREAM_URL, { exposeHeadRoute: false }, async (request, reply) => {
    const token = tokenOf(request);
    const userId = token ? await services.sessions.userIdOf(token) : undefined;
    if (!token || userId === undefined) {
      throw new AppError(Ret.unauthorized, token ? 'session_expired' : 'unauthorized', {}, 401);
    }
    const res = reply.raw;
    const admitted = hub.admit(userId, token, res);
    if (!admitted.ok) throw new AppError(Ret.tooSlow, 'stream_full', {}, 503);
    reply.hijack();
    // The socket idles between hints: no idle timeout may cut it (the heartbeat keeps proxies open).
    request.raw.socket.setTimeout(0);
    request.raw.socket.setNoDelay(true);
    // Headers set by hooks (helmet's) are on the raw response already; writeHead keeps them.
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx buffers responses by default; a buffered stream delivers hints late.
      'x-accel-buffering': 'no',
    });
    res.write(STREAM_OPENING);
    res.once('close', admitted.close);
    // The client may have left while the session was looked up: then 'close' has come already.
    if (request.raw.socket.destroyed) admitted.close();
  });
}
