/** Opens what a running kolscope needs (database, migrations, mailer, services) from the config. */
import { join } from 'node:path';
import type { Config } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { type Mailer, outboxMailer, smtpMailer } from './services/mail';
import { builtinClassifier } from './pipeline/enrich/sentiment/classifier';
import { loadModelClassifier } from './pipeline/enrich/sentiment/model/infer';
import { openAiCompatibleClassifier } from './pipeline/enrich/sentiment/openai';
import { collectedNetworks } from './pipeline/sources/names';
import type { SentimentClassifier } from './pipeline/types';
import { openEventBus } from './services/events/index';
import { createServices } from './services/index';

/**
 * An OpenAI-compatible endpoint when CLASSIFIER_URL is set; else the learned model (the rules when
 * no weights are shipped), or the rules with CLASSIFIER=rules.
 */
export function classifierFor(config: Config): SentimentClassifier {
  const c = config.classifier;
  if (c) return openAiCompatibleClassifier({ url: c.url, apiKey: c.apiKey, model: c.model ?? 'gpt-4o-mini' });
  if (config.builtinClassifier === 'model') return loadModelClassifier() ?? builtinClassifier;
  return builtinClassifier;
}

export async function openRuntime(config: Config, log: (line: string) => void) {
  const db = await openDb(config);
  const applied = await migrate(db);
  if (applied.length) log(`migrated: ${applied.join(', ')}`);
  const mailer: Mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, log);
  // Opened before the services: each subscribes its caches at creation.
  const events = await openEventBus(config, db, log);
  const services = createServices({
    db,
    mailer,
    config,
    log,
    events,
    cacheTtlMs: config.cacheTtlMs,
    followCacheMs: config.followCacheMs,
    summaries: config.summaries,
    classifier: classifierFor(config),
    publicUrl: config.publicUrl,
    networks: collectedNetworks(config.sources, config.ingestKeys.length > 0),
    push: { vapid: config.vapid, subject: config.vapidSubject, allowPrivate: config.pushAllowPrivate },
    requests: { limits: config.requestLimits, statementTimeoutMs: config.requestStatementTimeoutMs },
    stream: config.stream,
  });
  // KOL_LINKS: the operator's persons, linked as soon as their accounts are stored (again at
  // every start, and by `kolscope kol link`); already-linked persons change nothing.
  if (config.kolLinks.length) {
    const { linked, missing } = await services.persons.applyLinks(config.kolLinks);
    if (linked) log(`KOL_LINKS: linked ${linked} person(s)`);
    if (missing.length) log(`KOL_LINKS: not collected yet: ${missing.join(', ')}`);
  }
  return {
    db,
    services,
    async close() {
      await events.close();
      mailer.close();
      await db.close();
    },
  };
}
