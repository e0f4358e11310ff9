/** Opens what a running kolscope needs (database, migrations, mailer, services) from the config. */
import { join } from 'node:path';
import type { Config } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { type Mailer, outboxMailer, smtpMailer } from './services/mail';
import { builtinClassifier } from './pipeline/enrich/sentiment/classifier';
import { loadModelClassifier } from './pipeline/enrich/sentiment/model/infer';
import { openAiCompatibleClassifier } from './pipeline/enrich/sentiment/openai';
import type { SentimentClassifier } from './pipeline/types';
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
  const services = createServices({
    db,
    mailer,
    config,
    log,
    classifier: classifierFor(config),
    publicUrl: config.publicUrl,
    push: { vapid: config.vapid, subject: config.vapidSubject, allowPrivate: config.pushAllowPrivate },
    requests: { limits: config.requestLimits, statementTimeoutMs: config.requestStatementTimeoutMs },
  });
  return {
    db,
    services,
    async close() {
      mailer.close();
      await db.close();
    },
  };
}
