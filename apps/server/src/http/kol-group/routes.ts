import { KOL_ALL_MAX_PAGES, kolGroupCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineAction, defineCall } from '../route';

export function kolGroupRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, kolGroupCalls.list, 'user', (_, ctx) => s.kolGroups.list(ctx.userId, ctx.lang));
  defineCall(app, s, kolGroupCalls.info, 'user', (b, ctx) => s.kolGroups.info(ctx.userId, b.groupId, ctx.lang));
  defineAction(app, s, kolGroupCalls.add, 'user', (b, ctx) => s.kolGroups.add(ctx.userId, b, ctx.lang));
  defineAction(app, s, kolGroupCalls.update, 'user', (b, ctx) => s.kolGroups.update(ctx.userId, b.groupId, b));
  defineAction(app, s, kolGroupCalls.delete, 'user', (b, ctx) => s.kolGroups.remove(ctx.userId, b.groupId));
  defineCall(app, s, kolGroupCalls.twitterUserList, 'user', (b, ctx) =>
    s.kolGroups.members(ctx.userId, b.groupId, b.nextCb),
  );
  // The paged list of all KOLs: tracked accounts, searchable, at most 10 pages (spec section 9).
  defineCall(app, s, kolGroupCalls.allKols, 'user', (b) =>
    s.twitterUsers.search(b.query, b.nextCb, true, { size: b.size, maxPages: KOL_ALL_MAX_PAGES }),
  );
  defineAction(app, s, kolGroupCalls.addUnlistedTwitterUser, 'user', (b, ctx) =>
    s.kolReview.submit(ctx.userId, b.twitterUserName),
  );
}
