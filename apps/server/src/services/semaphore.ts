/**
 * A counting semaphore with a bounded queue: `max` holders at once, at most `maxQueued` waiting
 * in arrival order; beyond that `acquire` refuses at once instead of letting waiters pile up.
 */
export class QueueFull extends Error {}

export type Release = () => void;

export class Semaphore {
  private held = 0;
  private readonly waiters: Array<{ grant: () => void }> = [];

  constructor(
    readonly max: number,
    readonly maxQueued: number,
  ) {}

  get running(): number {
    return this.held;
  }

  get queued(): number {
    return this.waiters.length;
  }

  get idle(): boolean {
    return this.held === 0 && this.waiters.length === 0;
  }

  /**
   * Resolves with a release function once a place is free. Throws QueueFull when the queue is
   * full; rejects with the signal's reason if it aborts while waiting (the place is not taken).
   */
  acquire(signal?: AbortSignal): Promise<Release> {
    signal?.throwIfAborted();
    if (this.held < this.max) {
      this.held++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.maxQueued) return Promise.reject(new QueueFull());
    return new Promise<Release>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal?.reason);
      };
      const waiter = {
        // `held` is handed over by the releaser, so no one can slip in between.
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser());
        },
      };
      this.waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiters.shift();
      if (next) next.grant();
      else this.held--;
    };
  }
}
