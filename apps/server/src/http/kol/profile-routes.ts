import { kolCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

/** The KOL profile page's header and latest posts (its track record: track-routes.ts). */
export function kolProfileRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, kolCalls.profile, 'user', (b, ctx) => s.kolProfile.profile(ctx.userId, b.twitterUserId, ctx.lang));
  defineCall(app, s, kolCalls.posts, 'user', (b, ctx) =>
    s.kolProfile.posts(ctx.userId, b.twitterUserId, b.nextCb, ctx.lang),
  );
}
