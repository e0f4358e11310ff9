/**
 * What a source runner needs in a test that drives `runOnce`/`runSource` itself: the database, the
 * built-in classifier, the services' store hooks, the system clock, and a log (silent by default).
 */
import type { Db } from '../../src/db/db';
import { systemClock } from '../../src/domain/clock';
import { createEnricher } from '../../src/pipeline/enrich/index';
import { builtinClassifier } from '../../src/pipeline/enrich/sentiment/classifier';
import { storeHooks } from '../../src/services/store-hooks';

export const runnerOptions = (db: Db, log: (line: string) => void = () => {}) => ({
  db,
  enricher: createEnricher(builtinClassifier),
  hooks: storeHooks,
  clock: systemClock,
  log,
});
