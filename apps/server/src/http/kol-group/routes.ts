import { KOL_ALL_MAX_PAGES, kolGroupCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function kolGroupRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, kolGroupCalls.list, 'user', (_, ctx) => s.kolGroups.list(ctx.userId, ctx.lang));
  defineCall(app, s, kolGroupCalls.info, 'user', (b, ctx) => s.kolGroups.info(ctx.userId, b.groupId, ctx.lang));
  defineCall(app, s, kolGroupCalls.add, 'user', async (b, ctx) => {
    await s.kolGroups.add(ctx.userId, b, ctx.lang);
    return null;
  });
  defineCall(app, s, kolGroupCalls.update, 'user', async (b, ctx) => {
    await s.kolGroups.update(ctx.userId, b.groupId, b);
    return null;
  });
  defineCall(app, s, kolGroupCalls.delete, 'user', async (b, ctx) => {
    await s.kolGroups.remove(ctx.userId, b.groupId);
    return null;
  });
  defineCall(app, s, kolGroupCalls.twitterUserList, 'user', (b, ctx) =>
    s.kolGroups.members(ctx.userId, b.groupId, b.nextCb),
  );
  // The paged list of all KOLs: tracked accounts, searchable, at most 10 pages (spec section 9).
  defineCall(app, s, kolGroupCalls.allKols, 'user', (b) =>
    s.twitterUsers.search(b.query, b.nextCb, true, { size: b.size, maxPages: KOL_ALL_MAX_PAGES }),
  );
  defineCall(app, s, kolGroupCalls.addUnlistedTwitterUser, 'user', async (b, ctx) => {
    await s.kolReview.submit(ctx.userId, b.twitterUserName);
    return null;
  });
}
