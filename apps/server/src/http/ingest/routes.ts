import { fromWire, ingestCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

/** POST /webapi/v1/ingest/posts with `X-Ingest-Key: <key>` (or `Authorization: Bearer <key>`). */
export function ingestRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, ingestCalls.posts, 'public', async (body, ctx) => {
    const header = ctx.request.headers['x-ingest-key'];
    s.ingest.checkKey(typeof header === 'string' ? header : ctx.token);
    // Items arrive in wire case; each is converted and validated on its own.
    return s.ingest.pushPosts(body.posts.map((item) => fromWire(item)));
  });
}
