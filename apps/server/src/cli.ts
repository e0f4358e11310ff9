/** `kolscope <command>`: start, migrate, reclassify, track-rebuild, admin grant|revoke EMAIL, inner-code add|list|remove. */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isValidEmail, normaliseEmail } from '@kolscope/contract';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { classifyCsv, evalCsv, formatEvalReport } from './pipeline/enrich/sentiment/csv';
import { trainSentimentCommand } from './pipeline/enrich/sentiment/model/command';
import { classifierFor, openRuntime } from './runtime';
import { DataDirBusyError } from './db/db';
import { isFailing } from './pipeline/source-health';
import { sourceStateRepo } from './db/repos/source-state';
import { buildSources, startCollection } from './pipeline/collection';
import { buildPriceSource } from './markets/sources';
import { formatPriceStatus } from './markets/status';
import { startPriceWorker } from './markets/worker';
import { priceStateRepo } from './db/repos/price-state';
import { trackRecordRepo } from './db/repos/track-record';
import { historyService } from './pipeline/history';
import { reclassifyInBackground, reclassifyPass, sinceDays } from './pipeline/reclassify-run';
import { storedFeedback } from './services/sentiment-feedback';
import { DEFAULT_TEACHER_SAMPLE, sampleStoredPosts, teacherLabels } from './pipeline/enrich/sentiment/model/teacher';
import {
  rebuildTrackRecords,
  rebuildTrackRecordsAfterBackfill,
  rebuildTrackRecordsIfNeeded,
} from './services/track-record/store';
import { requestGate } from './pipeline/request-gate';
import { createScheduler } from './pipeline/scheduler';
import { DEMO_ACCOUNT, seed } from './seed';
import { redact } from './security/redact';

/** The usage text; docs/OPERATIONS.md's CLI table lists each of its commands (operator-docs.test.ts checks). */
export const USAGE = `Usage: kolscope <command>

  start [--role=all|api|worker]
                              migrate and seed, then serve the API and web app (api), collect
                              from the configured sources (worker), or both (all, the default)
  migrate                     apply database migrations and exit
  sources                     list the collection sources with their cursor, last success and errors
  prices                      the price worker's state per coin and interval: source, stored span, errors
  classify FILE.csv           add label, score, cues, call (bullish, bearish or empty) and confidence columns
                              to a CSV with a text column
  eval FILE.csv               accuracy and macro-F1 of the classifier against the CSV's label column
  train-sentiment [--seed N] [--out DIR] [--with-feedback] [--teacher [--teacher-sample N]]
                              train the sentiment model from SENTIMENT_DATA_DIR (../shared/data/sentiment):
                              prints counts, cross-validated figures and the weights' SHA-256;
                              --with-feedback adds users' stored corrections from the database;
                              --teacher has the CLASSIFIER_URL endpoint label a sample of stored posts
                              (default 2000; cached in DATA_DIR) and trains on them (docs/teacher.md)
  reclassify [--since DAYS]   re-read stored posts (of the last DAYS days) with the current classifier,
                              writing the readings that changed; prints progress
  track-rebuild               re-derive every KOL's calls and track record from the stored posts and
                              candles (once, after upgrading a database that had posts before them)
  admin grant EMAIL           make the account with this e-mail an administrator
  admin revoke EMAIL          take administrator rights away
  inner-code list             list accepted inner (invite) codes
  inner-code add [CODE]       accept a code (a random one when CODE is omitted)
  inner-code remove CODE      stop accepting a stored code
  kol review                  list missing-KOL submissions waiting for a decision
  kol approve|reject ID       decide one (approved accounts become tracked)
  kol link                    link the accounts KOL_LINKS names into persons now (also done at start)

Configuration comes from the environment; see the README.`;

const log = (line: string) => console.log(`kolscope: ${line}`);

class UsageError extends Error {}

async function withRuntime<T>(config: Config, fn: (rt: Awaited<ReturnType<typeof openRuntime>>) => Promise<T>) {
  const rt = await openRuntime(config, log);
  try {
    return await fn(rt);
  } finally {
    await rt.close();
  }
}

type Role = 'all' | 'api' | 'worker';

async function start(config: Config, role: Role) {
  const rt = await openRuntime(config, log);
  const seeded = await seed(rt.services, { demo: config.seedDemo, publicHost: config.publicDemo });
  // The requests this process serves (roles all and api), which go before its background work.
  const gate = role === 'worker' ? undefined : requestGate();
  // Every background job of this process runs through it, in short slices (pipeline/scheduler.ts).
  const scheduler = createScheduler({ db: rt.db.kind, ...(gate ? { gate } : {}) });
  const passes = new AbortController();
  const pacing = { scheduler, signal: passes.signal };
  const { hooks } = rt.services.pipeline;
  const sources = buildSources(config, { db: rt.db, hooks, clock: rt.services.clock, scheduler, log });
  const startCollecting = () =>
    startCollection({
      sources,
      scheduler,
      ...rt.services.pipeline,
      onBackfillDone: () => void rebuildTrackRecordsAfterBackfill(rt.db, log, pacing),
      ...(config.logLevel === 'debug' || config.logLevel === 'trace'
        ? { onBatch: (name, stored, fresh) => log(`${name}: stored a batch of ${stored} posts (${fresh} new)`) }
        : {}),
    });
  let collection: ReturnType<typeof startCollection> | undefined;
  // Prices run wherever posts are collected (roles all and worker).
  const priceSource = buildPriceSource(config, rt.db);
  let prices: ReturnType<typeof startPriceWorker> | undefined;
  const startPrices = () => {
    if (!priceSource) return;
    prices = startPriceWorker({
      db: rt.db,
      source: priceSource,
      clock: rt.services.clock,
      log,
      // Stored candles re-measure the track records' calls that read a price in their span.
      listener: rt.services.trackRecord.store.candlesStored,
      scheduler,
      ...(config.logLevel === 'debug' || config.logLevel === 'trace'
        ? { onRound: (r) => log(`prices: stored ${r.candles} candles in ${r.pages} pages (${r.errors} errors)`) }
        : {}),
    });
  };
  // Pushes held back by a view's update frequency go out when it ends; any role may send them.
  rt.services.notifier.start(undefined, scheduler);
  // Each minute's ranking windows that views compare with, for their next "previous window".
  rt.services.rankingWindows.start(undefined, scheduler);
  // Opinion alerts: every process asks, one claims each minute (services/alerts/README.md).
  rt.services.alerts.start(undefined, scheduler);
  // Event views' history is counted by every process with the database, whatever its role.
  rt.services.eventHistory.start({ scheduler });
  // So are the KOL groups' coin rollups that views ask for.
  rt.services.groupRollups.start({ scheduler });
  // So is the rollups' recount after an upgrade (a migration starts it).
  rt.services.rollupRecount.start({ scheduler });
  let reclassifying: AbortController | undefined;
  const stopAll = async () => {
    reclassifying?.abort();
    passes.abort();
    rt.services.notifier.stop();
    rt.services.rankingWindows.stop();
    rt.services.alerts.stop();
    await rt.services.eventHistory.stop();
    await rt.services.groupRollups.stop();
    await rt.services.rollupRecount.stop();
    await collection?.stop();
    await prices?.stop();
    await rt.close();
    process.exit(0);
  };
  const startBackgroundPasses = () => {
    if (config.reclassifyOnStart)
      reclassifying = reclassifyInBackground({ db: rt.db, classifier: rt.services.classifier, hooks }, log, scheduler);
    void rebuildTrackRecordsIfNeeded(rt.db, log, pacing);
  };
  if (role === 'worker') {
    collection = startCollecting();
    startPrices();
    startBackgroundPasses();
    process.once('SIGINT', stopAll);
    process.once('SIGTERM', stopAll);
    log(`worker started (sources: ${config.sources.join(', ')}; prices: ${config.priceSource})`);
    return;
  }
  const app = await buildApp({
    services: rt.services,
    secureCookies: config.secureCookies,
    trustProxy: config.trustProxy,
    logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel,
    demoSeed: config.demoSeed,
    ...(config.mediaAllowPrivate ? { mediaProxy: { allowPrivate: true } } : {}),
    requestTimeoutSeconds: config.requestTimeoutSeconds,
    webDist: fileURLToPath(new URL('../../web/dist/', import.meta.url)),
    ...(gate ? { gate } : {}),
    scheduler,
    history: historyService({
      db: rt.db,
      sources,
      clock: rt.services.clock,
      // Any process answers it: the flag lives in the database (services/track-record/store.ts).
      recordsPending: () => trackRecordRepo(rt.db).rebuildNeeded(),
    }),
  });
  await app.listen({ port: config.port, host: config.host });
  // Only now: with the embedded database, history batches would hold up the server's start.
  if (role === 'all') {
    collection = startCollecting();
    startPrices();
    startBackgroundPasses();
  }
  const shutdown = async () => {
    await app.close();
    await stopAll();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const lines = [
    '',
    `  kolscope is running on ${config.publicUrl}  (listening on ${config.host}:${config.port})`,
    `  database: ${config.databaseUrl ? `PostgreSQL (DATABASE_URL${config.databaseReadUrl ? ', reads from DATABASE_READ_URL' : ''})` : `embedded PGlite in ${config.dataDir}`}`,
    `  mail:     ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `written to ${config.dataDir}/outbox, codes shown here`}`,
    `  events:   ${config.eventsUrl ? 'Redis (EVENTS_URL)' : 'in this process only'}`,
  ];
  lines.push(
    `  collecting: ${role === 'api' ? 'no (role api)' : config.sources.join(', ') || 'nothing'}${config.ingestKeys.length ? ' + push' : ''}`,
    `  prices:   ${role === 'api' ? 'no (role api)' : priceSource ? `${priceSource.name} (PRICE_SOURCE)` : 'none'}`,
  );
  if (seeded.demo)
    lines.push(
      `  demo account: ${seeded.demo.email} / ${seeded.demo.password}${config.publicDemo ? '  (SEED_DEMO=public: a new random password at every start)' : ''}`,
    );
  if (seeded.demoDisabled) lines.push(`  demo account: ${DEMO_ACCOUNT.email} disabled (SEED_DEMO is off)`);
  lines.push(`  invite (inner) code to register with: ${seeded.innerCodes.join(', ')}`, '');
  console.log(lines.join('\n'));
}

/** `train-sentiment --teacher`: the configured endpoint labels a sample of stored posts (model/teacher.ts). */
async function teacherRows(seed: number, sample: string | undefined) {
  const n = sample === undefined ? DEFAULT_TEACHER_SAMPLE : Number(sample);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new UsageError('--teacher-sample must be a whole number from 1 to 100000');
  const config = loadConfig();
  if (!config.classifier)
    throw new UsageError('--teacher needs an OpenAI-compatible endpoint: set CLASSIFIER_URL (and CLASSIFIER_MODEL)');
  const endpoint = {
    url: config.classifier.url,
    apiKey: config.classifier.apiKey,
    model: config.classifier.model ?? 'gpt-4o-mini',
  };
  const posts = await withRuntime(config, (rt) => sampleStoredPosts(rt.db, n, seed, Math.floor(Date.now() / 1000)));
  const run = await teacherLabels(endpoint, posts, config.dataDir);
  log(
    `teacher ${endpoint.model}: ${run.sampled} posts sampled, ${run.cached} labels cached, ${run.asked} asked, ${run.labeled} labeled (bullish ${run.mix.bullish}, neutral ${run.mix.neutral}, bearish ${run.mix.bearish}), ${run.skipped} skipped`,
  );
  return run.examples;
}

/** `classify FILE.csv` writes the rows with predictions to stdout; `eval FILE.csv` prints the scores. */
async function classifyOrEval(config: Config, command: 'classify' | 'eval', file: string | undefined) {
  if (!file) throw new UsageError(`usage: kolscope ${command} FILE.csv`);
  let input: string;
  try {
    input = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const classifier = classifierFor(config);
  try {
    if (command === 'classify') process.stdout.write(await classifyCsv(input, classifier));
    else console.log(formatEvalReport(await evalCsv(input, classifier)));
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message}`);
  }
}

async function listSources(config: Config) {
  await withRuntime(config, async ({ db }) => {
    const states = new Map((await sourceStateRepo(db).list()).map((s) => [s.name, s]));
    const configured = [...config.sources, ...(config.ingestKeys.length ? ['push'] : [])];
    const names = [...new Set([...configured, ...states.keys()])];
    const time = (d: Date | null | undefined) => (d ? d.toISOString() : '-');
    console.log(
      ['source', 'state', 'health', 'posts', 'rejected', 'errors', 'last success', 'last error', 'cursor'].join('\t'),
    );
    for (const name of names) {
      const s = states.get(name);
      console.log(
        [
          name,
          configured.includes(name) ? 'on' : 'off',
          // 'failing' once its last requests all failed (source-health.ts); the reason is the last error.
          isFailing(s?.failure_streak ?? 0) ? `failing (${s?.failure_streak} requests in a row)` : 'ok',
          s?.posts_count ?? 0,
          s?.rejected_count ?? 0,
          s?.error_count ?? 0,
          time(s?.last_success_at),
          s?.last_error ? `${time(s.last_error_at)} ${s.last_error}` : '-',
          s?.cursor ? s.cursor.slice(0, 80) : '-',
        ].join('\t'),
      );
    }
  });
}

async function kolReviewCommand(config: Config, action: string | undefined, id: string | undefined) {
  await withRuntime(config, async ({ services }) => {
    if (action === 'review') {
      const pending = await services.kolReview.list('pending');
      if (pending.length === 0) console.log('(no submissions waiting)');
      for (const p of pending)
        console.log(`${p.submissionId}\t@${p.twitterUserName}\t${p.count} request(s)\tfirst by ${p.submittedBy}`);
    } else if ((action === 'approve' || action === 'reject') && id) {
      try {
        const username = await services.kolReview.review(id, action === 'approve', null);
        log(`@${username} ${action === 'approve' ? 'approved: now tracked' : 'rejected'}`);
      } catch {
        throw new UsageError(`no pending submission ${id}`);
      }
    } else if (action === 'link') {
      // openRuntime has applied KOL_LINKS already; report what it names.
      log(`KOL_LINKS names ${config.kolLinks.length} person(s)`);
    } else {
      throw new UsageError('usage: kolscope kol review | approve ID | reject ID | link');
    }
  });
}

async function admin(config: Config, action: string | undefined, email: string | undefined) {
  if ((action !== 'grant' && action !== 'revoke') || !email || !isValidEmail(email)) {
    throw new UsageError('usage: kolscope admin grant|revoke EMAIL');
  }
  const found = await withRuntime(config, (rt) =>
    rt.services.accounts.setAdmin(normaliseEmail(email), action === 'grant'),
  );
  if (!found) throw new UsageError(`no account uses ${email}`);
  log(`${email} is ${action === 'grant' ? 'now' : 'no longer'} an administrator`);
}

async function innerCode(config: Config, action: string | undefined, code: string | undefined, note: string) {
  await withRuntime(config, async ({ services }) => {
    if (action === 'list') {
      const codes = await services.innerCodes.list();
      if (codes.length === 0) console.log('(no inner codes; one is generated at the next start)');
      for (const c of codes) console.log(`${c.code}\t${c.source}${c.note ? `\t${c.note}` : ''}`);
    } else if (action === 'add') {
      const value = code?.trim() || `KOL-${Math.random().toString(16).slice(2, 10).toUpperCase()}`;
      if (!/^[\w-]{4,64}$/.test(value)) throw new UsageError('an inner code has 4 to 64 letters, digits, - or _');
      if (!(await services.innerCodes.add(value, note))) throw new UsageError(`${value} is already accepted`);
      log(`accepted inner code ${value}`);
    } else if (action === 'remove' && code) {
      if (!(await services.innerCodes.remove(code))) {
        throw new UsageError(
          `${code} is not a stored inner code (codes from INNER_CODES are changed in the environment)`,
        );
      }
      log(`removed inner code ${code}`);
    } else {
      throw new UsageError('usage: kolscope inner-code add [CODE] [--note TEXT] | list | remove CODE');
    }
  });
}

export async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      note: { type: 'string', default: '' },
      role: { type: 'string', default: 'all' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      'with-feedback': { type: 'boolean', default: false },
      teacher: { type: 'boolean', default: false },
      'teacher-sample': { type: 'string' },
      since: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  try {
    if (!command || values.help || command === 'help') {
      console.log(USAGE);
      return;
    }
    if (command === 'train-sentiment') {
      const seed = Number(values.seed);
      if (!Number.isInteger(seed) || seed < 0) throw new UsageError('--seed must be a whole number >= 0');
      const feedback = values['with-feedback']
        ? await withRuntime(loadConfig(), (rt) => storedFeedback(rt.db))
        : undefined;
      const teacher = values.teacher ? await teacherRows(seed, values['teacher-sample']) : undefined;
      trainSentimentCommand({
        seed,
        ...(values.out ? { out: values.out } : {}),
        ...(feedback ? { feedback } : {}),
        ...(teacher ? { teacher } : {}),
        log,
      });
      return;
    }
    const config = loadConfig();
    if (command === 'start') {
      const role = values.role as Role;
      if (!['all', 'api', 'worker'].includes(role)) throw new UsageError('--role must be all, api or worker');
      await start(config, role);
    } else if (command === 'sources') await listSources(config);
    else if (command === 'prices') {
      await withRuntime(config, async ({ db }) => {
        for (const line of formatPriceStatus(config.priceSource, await priceStateRepo(db).list())) console.log(line);
      });
    } else if (command === 'classify' || command === 'eval') await classifyOrEval(config, command, rest[0]);
    else if (command === 'migrate') {
      await withRuntime(config, async () => {});
      log('database is up to date');
    } else if (command === 'admin') await admin(config, rest[0], rest[1]);
    else if (command === 'inner-code') await innerCode(config, rest[0], rest[1], values.note ?? '');
    else if (command === 'kol') await kolReviewCommand(config, rest[0], rest[1]);
    else if (command === 'reclassify') {
      const since = sinceDays(values.since, Date.now());
      if (since === null) throw new UsageError('--since takes a number of days > 0');
      await withRuntime(config, ({ db, services }) =>
        reclassifyPass({ db, classifier: services.classifier, hooks: services.pipeline.hooks }, since, log),
      );
    } else if (command === 'track-rebuild') {
      await withRuntime(config, async ({ db }) => {
        log(`track-rebuild: done, ${await rebuildTrackRecords(db, log)} accounts`);
      });
    } else throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof UsageError || err instanceof DataDirBusyError) {
      console.error(`kolscope: ${redact(err.message)}`);
      process.exit(1);
    }
    // Anything else (a database that refuses the connection ...) may quote a URL with its password.
    console.error(`kolscope: ${redact(err instanceof Error ? (err.stack ?? err.message) : String(err))}`);
    process.exit(1);
  }
}

// `node apps/server/dist/cli.js <command>` runs it directly (process managers, containers).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
