import { describe, expect, it } from 'vitest';
import { startWorkers, stopWorkers } from '../../src/server/workers.js';
import type { BackgroundWorker } from '../../src/worker/background-worker.js';

/** A worker whose start and stop are logged and held open until the test lets them end. */
function held(name: string, log: string[], stopsLast = false) {
  const gates: Record<'start' | 'stop', () => void> = { start: () => {}, stop: () => {} };
  const worker: BackgroundWorker = {
    name,
    ...(stopsLast ? { stopsLast } : {}),
    start: () => {
      log.push(`start ${name}`);
      return new Promise<void>((r) => {
        gates.start = r;
      }).then(() => {
        log.push(`started ${name}`);
      });
    },
    stop: () => {
      log.push(`stop ${name}`);
      return new Promise<void>((r) => {
        gates.stop = r;
      }).then(() => {
        log.push(`stopped ${name}`);
      });
    },
  };
  return { worker, end: (what: 'start' | 'stop') => gates[what]() };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('the list of background workers', () => {
  it('starts them one after the other, in order', async () => {
    const log: string[] = [];
    const a = held('executor', log);
    const b = held('webhooks', log);
    const starting = startWorkers([a.worker, b.worker]);
    await turn();
    expect(log).toEqual(['start executor']);
    a.end('start');
    await turn();
    expect(log).toEqual(['start executor', 'started executor', 'start webhooks']);
    b.end('start');
    await starting;
  });

  it('stops the others together beside the drain, and the last-stopping (the edge) only once all of them ended', async () => {
    const log: string[] = [];
    const a = held('executor', log);
    const b = held('supervisor', log);
    const edge = held('edge', log, true);
    let drain!: () => void;
    const drained = new Promise<void>((r) => {
      drain = r;
    }).then(() => {
      log.push('drained');
    });
    const stopping = stopWorkers([a.worker, b.worker, edge.worker], drained);
    await turn();
    expect(log).toEqual(['stop executor', 'stop supervisor']);
    a.end('stop');
    b.end('stop');
    await turn();
    // Requests still in flight: the edge keeps serving them.
    expect(log).not.toContain('stop edge');
    drain();
    await turn();
    expect(log.at(-1)).toBe('stop edge');
    edge.end('stop');
    await stopping;
    expect(log.at(-1)).toBe('stopped edge');
  });
});
