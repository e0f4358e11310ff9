/**
 * Who holds a lease (a source's in source_state, a price source's in price_lease): this machine,
 * this process's PID namespace and PID, and a random part. A worker restarted on the same machine
 * after a crash (SIGKILL, out of memory, a power cut of the container) takes over at once the lease
 * its dead predecessor held, instead of waiting it out (60 s for a source, 120 s for prices): the
 * PID it names no longer runs in the same PID namespace. A lease of another machine or namespace,
 * or of a process that still runs, is left to expire as before.
 */
import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** The machine and PID namespace ('' where /proc is missing: then PIDs are never compared). */
function here(): string {
  try {
    return `${hostname()}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return '';
  }
}

export function leaseOwner(): string {
  return `${here()}|${process.pid}|${randomUUID().slice(0, 8)}`;
}

/** The owner names a process of this machine and PID namespace that no longer runs. */
export function isDeadLocalOwner(owner: string): boolean {
  const [place, pidText, tag] = owner.split('|');
  const me = here();
  if (!me || place !== me || !tag || !/^\d{1,10}$/.test(pidText ?? '')) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
