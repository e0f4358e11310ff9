import { API_PREFIX, ingestCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall, tokenOf } from '../route';

/** POST /webapi/v1/ingest/posts with `X-Ingest-Key: <key>` (or `Authorization: Bearer <key>`). */
export function ingestRoutes(app: FastifyInstance, s: Services) {
  const url = `${API_PREFIX}/${ingestCalls.posts.path}`;
  // The key is checked when the request arrives, before its body is read or parsed: a caller
  // without the key learns nothing from validation answers and costs no parsing.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url !== url) return;
    const header = request.headers['x-ingest-key'];
    s.ingest.checkKey(typeof header === 'string' ? header : tokenOf(request));
  });
  defineCall(app, s, ingestCalls.posts, 'public', async (body) => s.ingest.pushPosts(body.posts));
}
