/**
 * How far the configured sources have loaded their history, read from the stored cursors, so any
 * process (the one collecting, or an API-only one) answers the same: /healthz, the app's
 * "loading history" note and the console's progress lines.
 */
import type { Db } from '../db/db';
import { sourceStateRepo } from '../db/repos/source-state';
import type { Clock } from '../domain/clock';
import type { Source, SourceHistory } from './types';

/** Estimates the time left from the progress of the last `windowMs`. */
export class EtaTracker {
  private samples: { t: number; f: number }[] = [];
  constructor(private readonly windowMs = 30_000) {}

  /** Records the fraction done at time `t` (ms); answers the seconds left, or null while unknown. */
  observe(fraction: number, t: number): number | null {
    if (fraction < (this.samples.at(-1)?.f ?? 0)) this.samples = []; // started over
    this.samples.push({ t, f: fraction });
    while (this.samples.length > 2 && t - this.samples[1]!.t >= this.windowMs) this.samples.shift();
    if (fraction >= 1) return 0;
    const first = this.samples[0]!;
    const rate = t > first.t ? (fraction - first.f) / (t - first.t) : 0;
    return rate > 0 ? Math.ceil((1 - fraction) / rate / 1000) : null;
  }
}

export interface SourceHistoryStatus extends SourceHistory {
  etaSeconds: number | null;
}

export interface HistoryStatus {
  /** Some source still loads history. */
  loading: boolean;
  /** Whole percent loaded, over the sources that report history (100 when none does). */
  percent: number;
  etaSeconds: number | null;
  /** Unix ms from which every source's posts are all stored; null while recent posts are missing. */
  completeFromMs: number | null;
  /** Track records still wait for a pass over the loaded history (HistoryDeps.recordsPending). */
  recordsPending: boolean;
  sources: Record<string, SourceHistoryStatus>;
}

export interface HistoryDeps {
  db: Db;
  sources: readonly Source[];
  clock: Clock;
  /** Whether derived records (the track records) still wait for a pass over the history; wired by cli.ts. */
  recordsPending?: () => Promise<boolean>;
}

export function historyService(deps: HistoryDeps) {
  const trackers = new Map<string, EtaTracker>();
  const tracked = deps.sources.filter((s) => s.history);

  return {
    async status(): Promise<HistoryStatus> {
      const now = deps.clock.now().getTime();
      const cursors = tracked.length
        ? new Map((await sourceStateRepo(deps.db).list()).map((s) => [s.name, s.cursor ?? null]))
        : new Map<string, string | null>();
      const sources: Record<string, SourceHistoryStatus> = {};
      for (const source of tracked) {
        const h = source.history!(cursors.get(source.name) ?? null, now);
        const tracker = trackers.get(source.name) ?? new EtaTracker();
        trackers.set(source.name, tracker);
        sources[source.name] = { ...h, etaSeconds: h.done ? 0 : tracker.observe(h.fraction, now) };
      }
      const all = Object.values(sources);
      const loading = all.some((h) => !h.done);
      const etas = all.filter((h) => !h.done).map((h) => h.etaSeconds);
      return {
        loading,
        percent: all.length ? Math.floor(Math.min(...all.map((h) => h.fraction)) * 100) : 100,
        etaSeconds: !loading ? 0 : etas.some((e) => e === null) ? null : Math.max(...(etas as number[])),
        completeFromMs: all.some((h) => h.completeFromMs === null)
          ? null
          : all.reduce((latest, h) => Math.max(latest, h.completeFromMs!), 0),
        recordsPending: (await deps.recordsPending?.()) ?? false,
        sources,
      };
    },
  };
}
export type HistoryService = ReturnType<typeof historyService>;

/** "about 1 min 20 s left" for the console. */
export function formatEta(seconds: number | null): string {
  if (seconds === null) return 'time left unknown yet';
  if (seconds < 60) return `about ${seconds} s left`;
  return `about ${Math.floor(seconds / 60)} min ${seconds % 60} s left`;
}
