/**
 * A background task run every interval between `start` and `stop`. A failed run is logged with
 * the label and the next one still comes; the timer never keeps the process alive.
 */
export function repeating(
  defaultIntervalMs: number,
  run: () => Promise<unknown>,
  log: (line: string) => void,
  label: string,
) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start(intervalMs = defaultIntervalMs): void {
      timer ??= setInterval(() => {
        run().catch((err: unknown) => log(`${label}: ${(err as Error).message}`));
      }, intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
