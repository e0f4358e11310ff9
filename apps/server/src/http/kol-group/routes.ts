import { KOL_ALL_MAX_PAGES, kolGroupCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function kolGroupRoutes(app: FastifyInstance, s: Services) {
  const k = kolGroupCalls;
  defineCall(app, s, k.list, 'user', (_, ctx) => s.kolGroups.list(ctx.userId, ctx.lang));
  defineCall(app, s, k.info, 'user', (b, ctx) => s.kolGroups.info(ctx.userId, b.groupId, ctx.lang));
  defineCall(app, s, k.add, 'user', async (b, ctx) => {
    await s.kolGroups.add(ctx.userId, b, ctx.lang);
    return null;
  });
  defineCall(app, s, k.update, 'user', async (b, ctx) => {
    await s.kolGroups.update(ctx.userId, b.groupId, b);
    return null;
  });
  defineCall(app, s, k.delete, 'user', async (b, ctx) => {
    await s.kolGroups.remove(ctx.userId, b.groupId);
    return null;
  });
  defineCall(app, s, k.twitterUserList, 'user', (b, ctx) => s.kolGroups.members(ctx.userId, b.groupId, b.nextCb));
  // The paged list of all KOLs: tracked accounts, searchable, at most 10 pages (spec section 9).
  defineCall(app, s, k.allKols, 'user', (b) =>
    s.twitterUsers.search(b.query, b.nextCb, true, { size: b.size, maxPages: KOL_ALL_MAX_PAGES }),
  );
  defineCall(app, s, k.addUnlistedTwitterUser, 'user', async (b, ctx) => {
    await s.kolReview.submit(ctx.userId, b.twitterUserName);
    return null;
  });
}
