/**
 * Turns on the embedded database's one connection, shared fairly between callers (issue 34).
 * PGlite runs one statement at a time, in this process, and cannot stop one that runs; first come,
 * first served let one user's two expensive feed requests put a statement ahead of each of
 * another user's, so that user waited for all of them (p50 6 ms -> 1.3 s), and the per-user share
 * (services/request-limits.ts) could not help: it bounds a user's requests, not whose statement
 * runs next.
 *
 * Start-time fair queueing over the time each caller's statements took: a caller's next statement
 * is tagged with the database time it has used beyond the others' (`finish`, never below the
 * virtual clock `now`), and the waiting statement with the smallest tag goes next. A user reading
 * a cheap page thus runs before the one scanning, and waits at most for the one statement running
 * when it came. Before each choice one turn of the event loop passes (chooseSoon).
 */
export class FairTurns {
  /** A statement runs, or the choice of the next one is scheduled. */
  private busy = false;
  /** Virtual time: the tag of the statement that went last. */
  private now = 0;
  /** Each caller's tag for its next statement; callers at or below `now` are forgotten. */
  private readonly finish = new Map<string, number>();
  private readonly waiting: { caller: string; go: () => void }[] = [];

  /** Runs `fn` when it is the caller's turn; the connection is the caller's until it settles. */
  async run<T>(caller: string, fn: () => Promise<T>): Promise<T> {
    await new Promise<void>((go) => {
      this.waiting.push({ caller, go });
      if (!this.busy) this.chooseSoon();
    });
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.finish.set(caller, this.tagOf(caller) + (performance.now() - start));
      if (this.waiting.length > 0) this.chooseSoon();
      else this.busy = false;
    }
  }

  private tagOf(caller: string): number {
    return Math.max(this.now, this.finish.get(caller) ?? 0);
  }

  /**
   * Chooses after one turn of the event loop, never at once. PGlite's promises settle without
   * I/O: without this a request's statements ran one after another in a single turn, and no other
   * request was even read meanwhile, so the per-user share never saw two at once (no 429 on the
   * embedded database). The turn also lets the caller resumed by the last statement queue its
   * next one, to be judged with the others.
   */
  private chooseSoon(): void {
    this.busy = true;
    setImmediate(() => this.next());
  }

  private next(): void {
    let best = 0;
    for (let i = 1; i < this.waiting.length; i++) {
      // Ties go to the earlier comer: `<`, not `<=`.
      if (this.tagOf(this.waiting[i]!.caller) < this.tagOf(this.waiting[best]!.caller)) best = i;
    }
    const [chosen] = this.waiting.splice(best, 1);
    if (!chosen) {
      this.busy = false;
      return;
    }
    this.now = this.tagOf(chosen.caller);
    for (const [caller, tag] of this.finish) if (tag <= this.now) this.finish.delete(caller);
    chosen.go();
  }
}
