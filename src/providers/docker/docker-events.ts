/**
 * The Engine's event stream, turned into the provider-neutral change signal
 * (`Provider.subscribeChanges`). One `GET /events` per provider, whatever the
 * number of listeners, filtered at the engine to containers we manage and to
 * the actions that can change what status() reports. When the engine goes
 * away the stream is reopened with `since` set to the last event seen, so the
 * engine replays what happened in between; after such a gap every instance
 * the engine holds is announced once as well, since the engine's own event
 * buffer is bounded and a restarted engine forgets what the old one saw.
 */
import type { Readable } from 'node:stream';
import type Dockerode from 'dockerode';
import type { InstanceChange } from '../provider.js';
import { Labels } from './docker-names.js';

/** The container actions that can change an instance's status. */
export const WATCHED_ACTIONS = ['die', 'oom', 'health_status', 'destroy', 'start', 'stop'] as const;

/** Tuning of the feed; the defaults suit an engine that restarts within seconds. */
export interface DockerEventFeedOptions {
  /** First wait before reopening a lost stream; doubled per failed attempt. Default 500 ms. */
  reconnectMinMs?: number;
  /** Longest wait between attempts. Default 5 s. */
  reconnectMaxMs?: number;
  /** Ids of every instance the engine holds, announced after a gap in the stream. */
  resync?: () => Promise<string[]>;
  /** Told about stream failures (the provider logs nothing itself). */
  onError?: (err: unknown) => void;
}

/** One event as the Engine sends it (the fields we read). */
interface EngineEvent {
  Type?: string;
  Action?: string;
  timeNano?: number;
  time?: number;
  Actor?: { ID?: string; Attributes?: Record<string, string> };
}

type Listener = (change: InstanceChange) => void;

/** The shared event stream of one engine, open while anyone listens. */
export class DockerEventFeed {
  readonly #docker: Dockerode;
  readonly #o: Required<Omit<DockerEventFeedOptions, 'resync' | 'onError'>> & DockerEventFeedOptions;
  readonly #listeners = new Set<Listener>();
  #abort: AbortController | undefined;
  #retry: NodeJS.Timeout | undefined;
  /** Engine time of the last event seen, in nanoseconds: where a reopened stream resumes. */
  #lastNano: bigint | undefined;
  #failures = 0;
  /** Set once a stream was lost, until the next one opens: that one must announce every instance. */
  #gap = false;

  constructor(docker: Dockerode, options: DockerEventFeedOptions = {}) {
    this.#docker = docker;
    this.#o = { reconnectMinMs: 500, reconnectMaxMs: 5000, ...options };
  }

  /** Adds a listener (opening the stream for the first); returns its removal (closing it after the last). */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#open();
    return () => {
      if (!this.#listeners.delete(listener)) return;
      if (this.#listeners.size === 0) this.#close();
    };
  }

  /** True while a listener is attached (the stream is open or being reopened). */
  get active(): boolean {
    return this.#listeners.size > 0;
  }

  #emit(change: InstanceChange): void {
    for (const l of [...this.#listeners]) {
      try {
        l(change);
      } catch (err) {
        this.#o.onError?.(err);
      }
    }
  }

  #open(): void {
    const abort = new AbortController();
    this.#abort = abort;
    const since = this.#lastNano === undefined ? undefined : sinceOf(this.#lastNano);
    this.#docker
      .getEvents({
        filters: {
          label: [`${Labels.managed}=true`],
          type: ['container'],
          event: [...WATCHED_ACTIONS],
        },
        ...(since ? { since } : {}),
        abortSignal: abort.signal,
      } as Dockerode.GetEventsOptions)
      .then((stream) => {
        if (abort.signal.aborted) return (stream as Readable).destroy();
        this.#failures = 0;
        if (this.#gap) {
          this.#gap = false;
          void this.#announceAll();
        }
        this.#read(stream as Readable, abort);
      })
      .catch((err: unknown) => this.#lost(abort, err));
  }

  #read(stream: Readable, abort: AbortController): void {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        const line = buffered.slice(0, nl).trim();
        buffered = buffered.slice(nl + 1);
        if (line) this.#handle(line);
        nl = buffered.indexOf('\n');
      }
    });
    const end = (err?: unknown) => {
      stream.removeAllListeners();
      stream.destroy();
      this.#lost(abort, err ?? new Error('the engine closed its event stream'));
    };
    stream.once('end', () => end());
    stream.once('close', () => end());
    stream.once('error', (err) => end(err));
  }

  #handle(line: string): void {
    let ev: EngineEvent;
    try {
      ev = JSON.parse(line) as EngineEvent;
    } catch {
      return;
    }
    const nano = ev.timeNano !== undefined ? BigInt(ev.timeNano) : ev.time ? BigInt(ev.time) * 1_000_000_000n : 0n;
    if (this.#lastNano === undefined || nano > this.#lastNano) this.#lastNano = nano;
    const change = changeOf(ev);
    if (change) this.#emit(change);
  }

  /** A stream ended or could not open: unless closed on purpose, reopen it after a growing wait. */
  #lost(abort: AbortController, err: unknown): void {
    if (abort.signal.aborted || this.#abort !== abort) return;
    this.#abort = undefined;
    this.#gap = true;
    this.#o.onError?.(err);
    const wait = Math.min(this.#o.reconnectMinMs * 2 ** this.#failures, this.#o.reconnectMaxMs);
    this.#failures++;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      if (this.#listeners.size > 0 && !this.#abort) this.#open();
    }, wait);
    this.#retry.unref();
  }

  #close(): void {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#abort?.abort();
    this.#abort = undefined;
    // A later subscriber starts from now: history before it is the poll's business.
    this.#lastNano = undefined;
    this.#gap = false;
    this.#failures = 0;
  }

  async #announceAll(): Promise<void> {
    if (!this.#o.resync) return;
    try {
      for (const instanceId of new Set(await this.#o.resync())) {
        this.#emit({ instanceId, reason: 'engine event stream reopened after a gap' });
      }
    } catch (err) {
      this.#o.onError?.(err);
    }
  }
}

/** The change an engine event stands for, or undefined when it names no instance of ours. */
export function changeOf(ev: EngineEvent): InstanceChange | undefined {
  if (ev.Type !== undefined && ev.Type !== 'container') return undefined;
  const attrs = ev.Actor?.Attributes ?? {};
  const instanceId = attrs[Labels.instance];
  if (!instanceId || attrs[Labels.managed] !== 'true') return undefined;
  const service = attrs[Labels.service];
  const exit = ev.Action === 'die' && attrs.exitCode !== undefined ? ` (exit code ${attrs.exitCode})` : '';
  return { instanceId, reason: `${ev.Action ?? 'event'}${service ? ` ${service}` : ''}${exit}` };
}

/** The Engine's `since` for a time in nanoseconds: seconds and nanoseconds, as it prints them. */
function sinceOf(nano: bigint): string {
  const seconds = nano / 1_000_000_000n;
  const rest = nano % 1_000_000_000n;
  return `${seconds}.${rest.toString().padStart(9, '0')}`;
}
