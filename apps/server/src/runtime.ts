/** Opens what a running kolscope needs (database, migrations, mailer, services) from the config. */
import { join } from 'node:path';
import type { Config } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { type Mailer, outboxMailer, smtpMailer } from './services/mail';
import { createServices } from './services/index';

export async function openRuntime(config: Config, log: (line: string) => void) {
  const db = await openDb(config);
  const applied = await migrate(db);
  if (applied.length) log(`migrated: ${applied.join(', ')}`);
  const mailer: Mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, log);
  const services = createServices({ db, mailer, config, log });
  return {
    db,
    services,
    async close() {
      mailer.close();
      await db.close();
    },
  };
}
