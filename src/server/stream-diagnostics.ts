/**
 * A running server's event streams, on demand: `kill -USR2 <pid>` writes
 * every open stream's state and clocks (and the hub's counters) to the log at
 * warn level, so an operator — or the soak, when its subscribers stop
 * catching up — can tell a stream waiting for the hub from one whose consumer
 * stopped asking (`handed-out`), without restarting or attaching a debugger.
 */
import type { EventHub } from '../control/streams/event-hub.js';
import type { Logger } from '../logger.js';

/** Logs `events.diagnostics()` each time the process receives `signal`. Returns a function that stops it. */
export function dumpStreamsOnSignal(signal: NodeJS.Signals, events: EventHub, logger: Logger): () => void {
  const dump = () => {
    const at = Date.now();
    logger.warn({ at, diagnostics: events.diagnostics() }, 'event stream diagnostics');
  };
  process.on(signal, dump);
  return () => process.off(signal, dump);
}
