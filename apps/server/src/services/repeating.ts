/**
 * A background task run every interval between `start` and `stop`. A failed run is logged with
 * the label and the next one still comes; the timer never keeps the process alive. Started with
 * the process's scheduler, each run waits its turn after the app's requests (pipeline/scheduler.ts).
 */
import type { Scheduler } from '../pipeline/scheduler';

export function repeating(
  defaultIntervalMs: number,
  run: () => Promise<unknown>,
  log: (line: string) => void,
  label: string,
) {
  let timer: NodeJS.Timeout | undefined;
  let stopping: AbortController | undefined;
  return {
    start(intervalMs = defaultIntervalMs, scheduler?: Scheduler): void {
      stopping ??= new AbortController();
      const signal = stopping.signal;
      const once = scheduler ? () => scheduler.slice(label, 1, run, signal) : run;
      timer ??= setInterval(() => {
        once().catch((err: unknown) => log(`${label}: ${(err as Error).message}`));
      }, intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping?.abort();
      stopping = undefined;
    },
  };
}
