/** The HTTP application: every API area, error handling, and the built web app as static files. */
import { existsSync } from 'node:fs';
import { API_PREFIX, systemCalls } from '@kolscope/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountRoutes } from './http/account/routes';
import { coinRoutes } from './http/coin/routes';
import { installErrorHandling, installJsonParser } from './http/errors';
import { installSecurityHeaders } from './http/security-headers';
import { sentimentFeedbackRoutes } from './http/sentiment-feedback/routes';
import { adminRoutes } from './http/admin/routes';
import { ingestRoutes } from './http/ingest/routes';
import { kolGroupRoutes } from './http/kol-group/routes';
import { kolProfileRoutes } from './http/kol/profile-routes';
import { trackRoutes } from './http/kol/track-routes';
import type { MediaProxyOptions } from './http/media/proxy';
import { marketRoutes } from './http/market/routes';
import { mediaRoutes } from './http/media/routes';
import { notificationRoutes } from './http/notifications/routes';
import { alertRoutes } from './http/alerts/routes';
import { searchRoutes } from './http/search/routes';
import { argumentRoutes } from './http/view/argument-routes';
import { opinionRoutes } from './http/view/opinion-routes';
import { rankingRoutes } from './http/view/ranking-routes';
import { mindshareRoutes } from './http/view/mindshare-routes';
import { viewRoutes } from './http/view/routes';
import { STREAM_URL, streamRoutes } from './http/stream/routes';
import { systemRoutes } from './http/system/routes';
import { DEFAULT_REQUEST_TIMEOUT_SECONDS, timeoutOptions } from './http/timeouts';
import type { HistoryService } from './pipeline/history';
import { reclassifyProgress } from './pipeline/reclassify';
import type { RequestGate } from './pipeline/request-gate';
import type { Scheduler } from './pipeline/scheduler';
import { sourceErrors, sourceStates } from './pipeline/runner';
import { DEFAULT_DEMO_SEED } from './pipeline/sources/demo/index';
import type { Services } from './services/index';

export interface AppOptions {
  services: Services;
  secureCookies: boolean;
  trustProxy?: boolean;
  logLevel?: string;
  /** Seed of the demo source, whose avatars are drawn per seed. */
  demoSeed?: number;
  /** Folder of the built web app; served at / when it exists. */
  webDist?: string;
  /** Counts requests in flight, so a collection runner in this process lets them go first. */
  gate?: RequestGate;
  /** The process's background scheduler: /healthz shows what each job did (`background`). */
  scheduler?: Scheduler;
  /** How far history is loaded (/healthz, the app's note); absent: nothing to load. */
  history?: HistoryService;
  /** Deadline for receiving one request, headers and body (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutSeconds?: number;
  /** The image proxy's network rules; tests allow their local image server. */
  mediaProxy?: MediaProxyOptions;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logLevel && opts.logLevel !== 'silent' ? { level: opts.logLevel } : false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Fastify's default gives each plugin 10 s to load, which a machine with both cores busy
    // can exceed: a slow start is still a start. /healthz tells when the server is up.
    pluginTimeout: 0,
    ...timeoutOptions(opts.requestTimeoutSeconds ?? DEFAULT_REQUEST_TIMEOUT_SECONDS),
  });
  const gate = opts.gate;
  if (gate) {
    // Polls (health checks, the app's history note) are no one waiting on a screen: they never
    // hold history back, or a probe every 200 ms would stall it.
    // An open live stream is no request in flight either: it would hold history back for as long
    // as a tab stays open.
    const polls = new Set(['/healthz', `${API_PREFIX}/${systemCalls.history.path}`, STREAM_URL]);
    app.addHook('onRequest', async (request, reply) => {
      if (polls.has(request.routeOptions.url ?? '')) return;
      gate.enter();
      // A response's 'close' comes once, whether it was sent in full or the client went away.
      reply.raw.once('close', () => gate.leave());
    });
  }
  await app.register(fastifyCookie);
  await installSecurityHeaders(app);
  installJsonParser(app);
  installErrorHandling(app);

  accountRoutes(app, opts.services, { secureCookies: opts.secureCookies });
  ingestRoutes(app, opts.services);
  viewRoutes(app, opts.services);
  opinionRoutes(app, opts.services);
  argumentRoutes(app, opts.services);
  rankingRoutes(app, opts.services);
  mindshareRoutes(app, opts.services);
  marketRoutes(app, opts.services);
  searchRoutes(app, opts.services);
  kolGroupRoutes(app, opts.services);
  kolProfileRoutes(app, opts.services);
  trackRoutes(app, opts.services);
  coinRoutes(app, opts.services);
  adminRoutes(app, opts.services);
  sentimentFeedbackRoutes(app, opts.services);
  notificationRoutes(app, opts.services);
  alertRoutes(app, opts.services);
  mediaRoutes(app, opts.services, { demoSeed: opts.demoSeed ?? DEFAULT_DEMO_SEED, proxy: opts.mediaProxy });

  streamRoutes(app, opts.services);
  systemRoutes(app, opts.services, opts.history);

  app.get('/healthz', async () => {
    const h = await opts.history?.status();
    const recount = await opts.services.rollupRecount.status();
    return {
      ok: true,
      sources: sourceStates(),
      // Each background job's slices so far: how many, and how long the longest held the database.
      ...(opts.scheduler && { background: opts.scheduler.report() }),
      // A failing source's newest failure, as the service said it (credentials masked).
      ...(Object.keys(sourceErrors()).length > 0 && { sourceErrors: sourceErrors() }),
      // A reclassify pass this process ran or runs (RECLASSIFY_ON_START); a CLI run prints its own.
      ...(reclassifyProgress.startedAt && {
        reclassify: {
          running: reclassifyProgress.running,
          done: reclassifyProgress.done,
          total: reclassifyProgress.total,
          changed: reclassifyProgress.changed,
          model: reclassifyProgress.model,
          error: reclassifyProgress.error,
        },
      }),
      // The rollups' recount after an upgrade, while it runs (services/rollup-recount.ts).
      ...(recount && {
        recount: {
          percent: recount.percent,
          counted: recount.counted,
          total: recount.total,
          countedFrom: recount.countedFromMs === null ? null : new Date(recount.countedFromMs).toISOString(),
          startedAt: recount.startedAt,
        },
      }),
      ...(h && {
        history: {
          loading: h.loading,
          percent: h.percent,
          etaSeconds: h.etaSeconds,
          completeFrom: h.completeFromMs === null ? null : new Date(h.completeFromMs).toISOString(),
          recordsPending: h.recordsPending,
          sources: Object.fromEntries(
            Object.entries(h.sources).map(([name, s]) => [
              name,
              { percent: Math.floor(s.fraction * 100), etaSeconds: s.etaSeconds, done: s.done },
            ]),
          ),
        },
      }),
    };
  });
  if (opts.webDist && existsSync(opts.webDist)) {
    await app.register(fastifyStatic, { root: opts.webDist, index: 'index.html', wildcard: true });
  }
  return app;
}
