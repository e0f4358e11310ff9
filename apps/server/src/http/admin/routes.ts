import { adminCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineAction, defineCall } from '../route';

export function adminRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, adminCalls.stat, 'admin', (b, ctx) => s.statistics.stat(b, ctx.lang));
  defineCall(app, s, adminCalls.fromAcntList, 'admin', () => s.statistics.sources());
  defineCall(app, s, adminCalls.sourceHealth, 'admin', () => s.statistics.sourceHealth());
  defineCall(app, s, adminCalls.kolSubmissions, 'admin', (b) => s.kolReview.list(b.status));
  defineAction(app, s, adminCalls.kolReview, 'admin', (b, ctx) =>
    s.kolReview.review(b.submissionId, b.approve, ctx.userId),
  );
  // One KOL, several networks: merge, split and the "Same person?" queue (services/persons.ts).
  defineCall(app, s, adminCalls.kolMerge, 'admin', (b) => s.persons.merge(b.twitterUserIds));
  defineAction(app, s, adminCalls.kolUnmerge, 'admin', (b) => s.persons.unmerge(b.twitterUserId));
  defineCall(app, s, adminCalls.kolLinkSuggestions, 'admin', () => s.persons.suggestions());
  defineAction(app, s, adminCalls.kolLinkDecide, 'admin', (b) => s.persons.decide(b.claimantId, b.claimedId, b.merge));
}
