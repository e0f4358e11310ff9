import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isDeadLocalOwner, leaseOwner } from '../../src/pipeline/lease-owner';

describe('lease owners', () => {
  it('name this process, which is alive', () => {
    const me = leaseOwner();
    expect(me).toContain(`|${process.pid}|`);
    expect(isDeadLocalOwner(me)).toBe(false);
  });

  it('know a process of this machine that has exited', () => {
    const child = spawnSync(process.execPath, ['-e', '0']);
    const dead = leaseOwner().replace(`|${process.pid}|`, `|${child.pid}|`);
    expect(isDeadLocalOwner(dead)).toBe(true);
  });

  it('never call dead a process of another machine, the parent process or an owner they cannot read', () => {
    const other = leaseOwner().replace(/^[^|]*/, 'another-host/pid:[1]');
    expect(isDeadLocalOwner(other.replace(`|${process.pid}|`, '|999999999|'))).toBe(false);
    expect(isDeadLocalOwner(leaseOwner().replace(`|${process.pid}|`, `|${process.ppid}|`))).toBe(false);
    for (const owner of ['', 'a1b2c3d4-uuid-from-an-older-version', '||', 'x|12|'])
      expect(isDeadLocalOwner(owner)).toBe(false);
  });
});
