import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/control/model.js';
import { EventStream, type EventStreamSource } from '../../src/control/streams/event-stream.js';
import type { StreamLease } from '../../src/control/streams/stream-leases.js';

/**
 * A stream's push consumer takes live events in the hub's own loop while the
 * reader is idle, and everything else still goes through next(): whichever
 * way an event leaves, the sequence is in order, once, with no gap.
 */

const TENANT = 't-1';

function event(id: number, type = 'tick'): Event {
  return {
    id: String(id),
    cursor: String(id),
    tenantId: TENANT,
    instanceId: null,
    operationId: null,
    type,
    fromState: null,
    toState: null,
    ready: null,
    message: `e${id}`,
    data: null,
    actorTokenId: null,
    occurredAt: new Date(0),
  };
}

/** Our own interface, faked: a hub whose table is empty and whose head is 0. */
function source(): EventStreamSource {
  return {
    head: 0n,
    queueLimit: 100,
    noteOverflow() {},
    committedAboveHead: () => new Set(),
    readAfter: async () => [],
    detach() {},
  };
}

/** Lets the reader's pending next() run up to its wait. */
const settle = () => new Promise((r) => setImmediate(r));

/** A lease whose check the test decides: live, due for a re-read (a promise), or refused. */
function lease(): StreamLease & { mode: 'live' | 'due' | 'revoked'; resolveDue(): void } {
  const controller = new AbortController();
  let resolveDue = () => {};
  const l = {
    mode: 'live' as 'live' | 'due' | 'revoked',
    signal: controller.signal,
    resolveDue: () => resolveDue(),
    check() {
      if (l.mode === 'revoked') throw new Error('token revoked');
      if (l.mode === 'live') return undefined;
      return new Promise<void>((r) => {
        resolveDue = r;
      });
    },
    release() {},
  };
  return l;
}

/** A stream under a lease the test controls, pushing to `pushed`, its reader waiting in next(). */
async function waitingOnLease() {
  const l = lease();
  const stream = new EventStream(source(), { tenantId: TENANT }, undefined, l);
  const pushed: string[] = [];
  stream.pushTo((e) => {
    pushed.push(e.id);
    return true;
  });
  const reading = stream.next();
  await settle();
  return { l, stream, pushed, reading };
}

describe('EventStream push delivery', () => {
  it('hands live events to the push consumer at once while the reader waits, and not to the reader', async () => {
    const stream = new EventStream(source(), { tenantId: TENANT, types: ['tick'] }, undefined, undefined);
    const pushed: string[] = [];
    stream.pushTo((e) => {
      pushed.push(e.id);
      return true;
    });
    let read: IteratorResult<Event> | undefined;
    void stream.next().then((r) => {
      read = r;
    });
    await settle();
    stream.offer(event(1));
    stream.offer(event(2, 'other'));
    stream.offer(event(3));
    // Synchronously, in the offering loop: no turn of the event loop in between.
    expect(pushed).toEqual(['1', '3']);
    expect(stream.cursor).toBe('3');
    await settle();
    expect(read).toBeUndefined();
    stream.close();
    await settle();
    expect(read).toEqual({ value: undefined, done: true });
  });

  it('queues what the consumer declines and what arrives while the reader is busy, in order, once', async () => {
    const stream = new EventStream(source(), { tenantId: TENANT }, undefined, undefined);
    const pushed: string[] = [];
    let accept = true;
    stream.pushTo((e) => {
      if (!accept) return false;
      pushed.push(e.id);
      return true;
    });
    const first = stream.next();
    await settle();
    stream.offer(event(1));
    accept = false;
    stream.offer(event(2));
    // The reader now holds 2; 3 and 4 come while it is busy with it: queued, never pushed past it.
    accept = true;
    expect((await first).value?.id).toBe('2');
    stream.offer(event(3));
    stream.offer(event(4));
    expect(pushed).toEqual(['1']);
    expect((await stream.next()).value?.id).toBe('3');
    expect((await stream.next()).value?.id).toBe('4');
    // Idle again: pushed once more.
    const idle = stream.next();
    await settle();
    stream.offer(event(5));
    stream.offer(event(4));
    expect(pushed).toEqual(['1', '5']);
    stream.close();
    expect((await idle).done).toBe(true);
  });

  it('hands the reader an event whose push threw, and goes on offering to the next stream', async () => {
    const failing = new EventStream(source(), { tenantId: TENANT }, undefined, undefined);
    failing.pushTo(() => {
      throw new Error('push failed');
    });
    const other = new EventStream(source(), { tenantId: TENANT }, undefined, undefined);
    const pushed: string[] = [];
    other.pushTo((e) => {
      pushed.push(e.id);
      return true;
    });
    const reading = failing.next();
    const idle = other.next();
    await settle();
    // As the hub does: one loop over the tenant's streams.
    for (const s of [failing, other]) s.offer(event(1));
    expect(pushed).toEqual(['1']);
    expect((await reading).value?.id).toBe('1');
    failing.close();
    other.close();
    await idle;
  });

  it('leaves an event whose token check is due to the reader, which waits for the check', async () => {
    const { l, stream, pushed, reading } = await waitingOnLease();
    l.mode = 'due';
    stream.offer(event(1));
    expect(pushed).toEqual([]);
    await settle();
    l.mode = 'live';
    l.resolveDue();
    expect((await reading).value?.id).toBe('1');
    // Positive control: with the check answered, the next one is pushed.
    const idle = stream.next();
    await settle();
    stream.offer(event(2));
    expect(pushed).toEqual(['2']);
    stream.close();
    await idle;
  });

  it('ends the stream instead of pushing when the token is refused', async () => {
    const { l, stream, pushed, reading } = await waitingOnLease();
    l.mode = 'revoked';
    stream.offer(event(1));
    expect(pushed).toEqual([]);
    await expect(reading).rejects.toThrow('token revoked');
    expect(stream.closed).toBe(true);
  });
});
