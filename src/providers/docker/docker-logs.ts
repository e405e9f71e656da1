/**
 * Log plumbing: the Engine's multiplexed stream format (8-byte frame headers
 * naming stdout or stderr), RFC 3339 timestamps, and a LogStream that merges
 * the streams of every replica and tears their HTTP responses down on close.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { parseTimestamped } from '../log-timestamps.js';
import type { LogEntry, LogStream } from '../provider.js';

/** The two output streams a frame can carry. */
export type OutputStream = 'stdout' | 'stderr';

/** One frame of a multiplexed stream. */
export interface Frame {
  stream: OutputStream;
  data: Buffer;
}

/**
 * Splits the Engine's multiplexed stream into frames. Chunks may cut frames
 * (and headers) anywhere; the demuxer carries the remainder over. A stream
 * from a TTY container has no headers: pass `raw` and everything is stdout.
 */
export class FrameDemuxer {
  #pending: Buffer = Buffer.alloc(0);
  readonly #raw: boolean;

  constructor(raw = false) {
    this.#raw = raw;
  }

  /** Feeds `chunk` and returns every frame it completed. */
  push(chunk: Buffer): Frame[] {
    if (this.#raw) return chunk.length > 0 ? [{ stream: 'stdout', data: chunk }] : [];
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const frames: Frame[] = [];
    let offset = 0;
    while (this.#pending.length - offset >= 8) {
      const type = this.#pending[offset];
      const size = this.#pending.readUInt32BE(offset + 4);
      if (this.#pending.length - offset - 8 < size) break;
      const data = this.#pending.subarray(offset + 8, offset + 8 + size);
      // Type 0 is stdin echoed back on a hijacked exec; treat it as stdout like the CLI does.
      frames.push({ stream: type === 2 ? 'stderr' : 'stdout', data });
      offset += 8 + size;
    }
    this.#pending = offset === 0 ? this.#pending : Buffer.from(this.#pending.subarray(offset));
    return frames;
  }
}

/** Where a log source's lines come from. */
export interface LogSourceMeta {
  service: string;
  replica?: number;
}

/**
 * Turns the frames of one container into LogEntries. The Engine writes one
 * frame per log message, each with its timestamp; a message longer than the
 * log driver's buffer arrives in several frames without a trailing newline,
 * which are joined here under the first part's timestamp.
 */
export class LogLineAssembler {
  readonly #meta: LogSourceMeta;
  readonly #partial: Record<OutputStream, { text: string; timestamp: Date } | undefined> = {
    stdout: undefined,
    stderr: undefined,
  };

  constructor(meta: LogSourceMeta) {
    this.#meta = meta;
  }

  /** The complete lines `frame` finished. */
  push(frame: Frame): LogEntry[] {
    const { timestamp, message } = parseTimestamped(frame.data.toString('utf8'));
    const pending = this.#partial[frame.stream];
    // The usual frame: one whole line, nothing pending before it.
    if (pending === undefined && message.length > 0 && message.indexOf('\n') === message.length - 1) {
      return [this.#entry(timestamp ?? new Date(), frame.stream, message.slice(0, -1))];
    }
    const text = (pending?.text ?? '') + message;
    const at = pending?.timestamp ?? timestamp ?? new Date();
    const parts = text.split('\n');
    const rest = parts.pop() ?? '';
    this.#partial[frame.stream] = rest ? { text: rest, timestamp: at } : undefined;
    return parts.map((line) => this.#entry(at, frame.stream, line));
  }

  /** Whatever partial lines remain, at the end of the stream. */
  flush(): LogEntry[] {
    const out: LogEntry[] = [];
    for (const stream of ['stdout', 'stderr'] as const) {
      const p = this.#partial[stream];
      if (p) out.push(this.#entry(p.timestamp, stream, p.text));
      this.#partial[stream] = undefined;
    }
    return out;
  }

  #entry(timestamp: Date, stream: OutputStream, line: string): LogEntry {
    const entry: LogEntry = {
      timestamp,
      stream,
      service: this.#meta.service,
      message: line.endsWith('\r') ? line.slice(0, -1) : line,
    };
    if (this.#meta.replica !== undefined) entry.replica = this.#meta.replica;
    return entry;
  }
}

/** Every entry of a finished (non-follow) log answer. */
export function entriesFromBuffer(buffer: Buffer, meta: LogSourceMeta, raw = false): LogEntry[] {
  const assembler = new LogLineAssembler(meta);
  const out: LogEntry[] = [];
  for (const frame of new FrameDemuxer(raw).push(buffer)) out.push(...assembler.push(frame));
  out.push(...assembler.flush());
  return out;
}

/** One followed container: its open Engine response and where its lines come from. */
export interface FollowSource extends LogSourceMeta {
  response: IncomingMessage;
  raw?: boolean;
}

const HIGH_WATER = 1000;
const LOW_WATER = 100;

/**
 * A LogStream merging the live responses of several containers in arrival
 * order. It ends when every response has ended; close() (or leaving a
 * for-await early) destroys the responses, which closes their sockets so no
 * request to the engine outlives the stream. A slow reader pauses the
 * responses instead of buffering without bound.
 */
export class FollowLogStream implements LogStream {
  readonly #sources: FollowSource[];
  readonly #sockets: Socket[];
  readonly #queue: LogEntry[] = [];
  readonly #filter: ((e: LogEntry) => boolean) | undefined;
  #open: number;
  #closed = false;
  #wake: (() => void) | undefined;
  #paused = false;

  constructor(sources: FollowSource[], filter?: (e: LogEntry) => boolean) {
    this.#sources = sources;
    this.#filter = filter;
    this.#sockets = sources.map((s) => s.response.socket).filter((s): s is Socket => Boolean(s));
    this.#open = sources.length;
    for (const source of sources) this.#attach(source);
  }

  /**
   * The engine connections behind this stream, for callers (and tests) that
   * need to see them torn down: every one is `destroyed` once the stream is
   * closed.
   */
  engineConnections(): readonly Socket[] {
    return this.#sockets;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const s of this.#sources) s.response.destroy();
    this.#queue.length = 0;
    this.#notify();
  }

  [Symbol.asyncIterator](): AsyncIterator<LogEntry> {
    return {
      next: async (): Promise<IteratorResult<LogEntry>> => {
        for (;;) {
          const entry = this.#queue.shift();
          if (entry) {
            if (this.#paused && this.#queue.length <= LOW_WATER) this.#setPaused(false);
            return { value: entry, done: false };
          }
          if (this.#closed || this.#open === 0) return { value: undefined, done: true };
          await new Promise<void>((resolve) => {
            this.#wake = resolve;
          });
        }
      },
      return: async (): Promise<IteratorResult<LogEntry>> => {
        await this.close();
        return { value: undefined, done: true };
      },
    };
  }

  #attach(source: FollowSource): void {
    const demuxer = new FrameDemuxer(source.raw);
    const assembler = new LogLineAssembler(source);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.#push(assembler.flush());
      this.#open -= 1;
      this.#notify();
    };
    source.response.on('data', (chunk: Buffer) => {
      for (const frame of demuxer.push(chunk)) this.#push(assembler.push(frame));
    });
    source.response.once('end', end);
    source.response.once('close', end);
    // A destroyed or failed response only ends this source; the error is not the reader's to handle.
    source.response.once('error', end);
  }

  #push(entries: LogEntry[]): void {
    if (this.#closed || entries.length === 0) return;
    for (const e of entries) if (!this.#filter || this.#filter(e)) this.#queue.push(e);
    if (!this.#paused && this.#queue.length >= HIGH_WATER) this.#setPaused(true);
    this.#notify();
  }

  #setPaused(paused: boolean): void {
    this.#paused = paused;
    for (const s of this.#sources) {
      if (paused) s.response.pause();
      else s.response.resume();
    }
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
