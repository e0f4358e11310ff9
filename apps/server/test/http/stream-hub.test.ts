/**
 * The hub without HTTP: a slow reader (its `write` answered false) gets no hints until 'drain',
 * since a hint is only a nudge to poll and the next one will do; the process never queues for it.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { localBus } from '../../src/services/events/local';
import { hashToken } from '../../src/services/sessions';
import { type StreamHub, type StreamSink, streamHub } from '../../src/services/stream-hub';

/** A response whose buffer is full whenever the test says so. */
class FakeSink extends EventEmitter implements StreamSink {
  full = false;
  written: string[] = [];
  ended = false;
  write(chunk: Buffer) {
    this.written.push(chunk.toString());
    return !this.full;
  }
  end() {
    this.ended = true;
  }
}

let hub: StreamHub | undefined;
afterEach(() => hub?.stop());

describe('stream hub', () => {
  it('drops hints for a stream whose write answered false, until it drains', () => {
    const bus = localBus();
    hub = streamHub(bus, { heartbeatMs: 60_000 });
    const slow = new FakeSink();
    const fast = new FakeSink();
    hub.admit(1, 'token-slow', slow);
    hub.admit(1, 'token-fast', fast);
    const note = (viewId: number) => bus.publish({ type: 'notification_matched', userId: 1, viewId });

    slow.full = true;
    note(1); // accepted into the full buffer: write answered false
    note(2);
    note(3);
    expect(slow.written).toHaveLength(1);
    expect(fast.written).toHaveLength(3);

    slow.full = false;
    slow.emit('drain');
    note(4);
    expect(slow.written.map((w) => /"view_id":(\d+)/.exec(w)?.[1])).toEqual(['1', '4']);
    expect(hub.count()).toBe(2);
  });

  it('after a gap in the events, closes the streams whose session ended meanwhile', async () => {
    // Issue 34: a logout published while this process could not hear (a stalled or broken
    // broker) must still close its streams here once the broker is back.
    const bus = localBus();
    const live = new Set([hashToken('kept'), hashToken('other-user')]);
    const asked: string[][] = [];
    hub = streamHub(bus, { heartbeatMs: 60_000 }, async (hashes) => {
      asked.push(hashes);
      return new Set(hashes.filter((h) => live.has(h)));
    });
    const [kept, revoked, other] = [new FakeSink(), new FakeSink(), new FakeSink()];
    hub.admit(1, 'kept', kept);
    hub.admit(1, 'revoked', revoked);
    hub.admit(2, 'other-user', other);
    bus.gap();
    await hub.rechecked();
    expect([kept.ended, revoked.ended, other.ended]).toEqual([false, true, false]);
    expect(hub.count()).toBe(2);
    expect(asked).toHaveLength(1);
  });

  it('encodes a merged posts hint once for every stream', async () => {
    const bus = localBus();
    hub = streamHub(bus, { heartbeatMs: 60_000, coalesceMs: 10 });
    const sinks = [new FakeSink(), new FakeSink(), new FakeSink()];
    for (const [i, s] of sinks.entries()) hub.admit(i + 1, `t${i}`, s);
    const seen: Buffer[] = [];
    for (const s of sinks) {
      s.write = (chunk) => {
        seen.push(chunk);
        return true;
      };
    }
    bus.publish({ type: 'posts_stored', ids: ['1'], coins: ['SOL'], authors: [] });
    bus.publish({ type: 'posts_stored', ids: ['2', '3'], coins: ['BTC'], authors: [] });
    await new Promise<void>((resolve) => {
      const check = () => (seen.length === 3 ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(new Set(seen).size).toBe(1); // the same buffer, not three copies
    expect(seen[0]!.toString()).toBe('event: posts\ndata: {"count":3,"coins":["BTC","SOL"]}\n\n');
  });
});
