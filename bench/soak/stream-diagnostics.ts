/**
 * When subscribers do not catch up, the soak asks each replica for its event
 * streams (SIGUSR2, EventHub.diagnostics) and prints where they are: waiting
 * for the hub (the hub did not publish), reading the table, checking the
 * token, or handed-out (the stream gave an event and nobody asked for the
 * next: the stall is between the stream and the socket). The full dump goes
 * beside the replica logs.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Replica } from './replica.js';
import type { Subscriber } from './subscribers.js';

/** The part of EventHub.diagnostics() read here. */
interface Dump {
  hub: { head: string; streams: number; listening: boolean; published: number; polls: number; notifications: number };
  streams: Array<{
    selector: { instanceId: string | null };
    state: string;
    cursor: string;
    queued: number;
    needTable: boolean;
    lastPullAt: number;
    lastOfferAt: number;
    lastDeliveryAt: number;
    offered: number;
    delivered: number;
  }>;
}

const ago = (now: number, at: number) => (at ? `${((now - at) / 1000).toFixed(0)} s` : 'never');

/** Dumps every replica's streams into `dir` and returns report lines summarising them. */
export async function diagnoseStall(replicas: Replica[], behind: Subscriber[], dir: string): Promise<string[]> {
  const lines = [
    `  ${behind.length} subscribers behind when the catch-up wait ran out: ${[...new Set(behind.map((s) => `${s.field} on ${s.replica}`))].join(', ')}; last event received ${[...new Set(behind.map((s) => ago(Date.now(), s.lastAt)))].slice(0, 5).join(', ')} ago`,
  ];
  for (const replica of replicas) {
    const dump = (await replica.streamDiagnostics().catch(() => undefined)) as Dump | undefined;
    if (!dump) {
      lines.push(`  ${replica.name}: no stream diagnostics (not running, or no answer to SIGUSR2)`);
      continue;
    }
    await writeFile(join(dir, `stream-diagnostics-${replica.name}.json`), JSON.stringify(dump, null, 1));
    const now = Date.now();
    const { hub } = dump;
    lines.push(
      `  ${replica.name}: hub head ${hub.head}, listening ${hub.listening}, published ${hub.published}, polls ${hub.polls}, notifications ${hub.notifications}, ${hub.streams} streams`,
    );
    const groups = new Map<string, Dump['streams']>();
    for (const s of dump.streams) {
      const key = `${s.selector.instanceId ? 'instanceEvents' : 'events'} ${s.state}`;
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    for (const [key, streams] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      const oldest = (pick: (s: Dump['streams'][number]) => number) =>
        ago(now, Math.min(...streams.map((s) => pick(s) || now)));
      const cursors = [...new Set(streams.map((s) => s.cursor))];
      lines.push(
        `    ${key}: ${streams.length}; cursors ${cursors.slice(0, 3).join(', ')}${cursors.length > 3 ? ', …' : ''}; queued up to ${Math.max(...streams.map((s) => s.queued))}; oldest last pull ${oldest((s) => s.lastPullAt)}, last offer ${oldest((s) => s.lastOfferAt)}, last delivery ${oldest((s) => s.lastDeliveryAt)} ago`,
      );
    }
  }
  return lines;
}
