import { systemCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { HistoryService } from '../../pipeline/history';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

/** How far collected history is loaded, for the app's "loading history" note. */
export function systemRoutes(app: FastifyInstance, s: Services, history: HistoryService | undefined) {
  defineCall(app, s, systemCalls.history, 'user', async () => {
    if (!history) return { loading: false, percent: 100, etaSeconds: 0, completeFrom: 0, recordsPending: false };
    const h = await history.status();
    return {
      loading: h.loading,
      percent: h.percent,
      etaSeconds: h.etaSeconds,
      completeFrom: h.completeFromMs === null ? null : Math.floor(h.completeFromMs / 1000),
      recordsPending: h.recordsPending,
    };
  });
}
