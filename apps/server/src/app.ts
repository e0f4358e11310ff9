/** The HTTP application: every API area, error handling, and the built web app as static files. */
import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountRoutes } from './http/account/routes';
import { installErrorHandling, installJsonParser } from './http/errors';
import { adminRoutes } from './http/admin/routes';
import { ingestRoutes } from './http/ingest/routes';
import { kolGroupRoutes } from './http/kol-group/routes';
import { mediaRoutes } from './http/media/routes';
import { notificationRoutes } from './http/notifications/routes';
import { searchRoutes } from './http/search/routes';
import { opinionRoutes } from './http/view/opinion-routes';
import { rankingRoutes } from './http/view/ranking-routes';
import { viewRoutes } from './http/view/routes';
import { sourceProgress } from './pipeline/runner';
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
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logLevel && opts.logLevel !== 'silent' ? { level: opts.logLevel } : false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  });
  await app.register(fastifyCookie);
  installJsonParser(app);
  installErrorHandling(app);

  accountRoutes(app, opts.services, { secureCookies: opts.secureCookies });
  ingestRoutes(app, opts.services);
  viewRoutes(app, opts.services);
  opinionRoutes(app, opts.services);
  rankingRoutes(app, opts.services);
  searchRoutes(app, opts.services);
  kolGroupRoutes(app, opts.services);
  adminRoutes(app, opts.services);
  notificationRoutes(app, opts.services);
  mediaRoutes(app, { demoSeed: opts.demoSeed ?? DEFAULT_DEMO_SEED });

  app.get('/healthz', async () => ({ ok: true, sources: Object.fromEntries(sourceProgress) }));
  if (opts.webDist && existsSync(opts.webDist)) {
    await app.register(fastifyStatic, { root: opts.webDist, index: 'index.html', wildcard: true });
  }
  return app;
}
