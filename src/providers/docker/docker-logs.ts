/**
 * Log plumbing: the Engine's multiplexed stream format (8-byte frame headers
 * naming stdout or stderr), RFC 3339 timestamps, and a LogStream that merges
 * the streams of every replica and tears their HTTP responses down on close.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { parseTimestamped, readUtcTimestamp } from '../log-timestamps.js';
import type { LogEntry, LogStream } from '../provider.js';

/** The two output streams a frame can carry. */
export type OutputStream = 'stdout' | 'stderr';

/** One frame of a multiplexed stream. */
export interface Frame {
  stream: OutputStream;
  data: Buffer;
}

/** Receives one frame: its stream and where its payload lies in `buf` (valid only during the call). */
type FrameVisitor = (stream: OutputStream, buf: Buffer, start: number, end: number) => void;

/**
 * Splits the Engine's multiplexed stream into frames. Chunks may cut frames
 * (and headers) anywhere; the demuxer carries the remainder over. A stream
 * from a TTY container has no headers: pass `raw` and everything is stdout.
 */
export class FrameDemuxer {
  /** The start of a frame the last chunk cut, copied (a chunk is not ours to keep). */
  #pending: Buffer | undefined;
  readonly #raw: boolean;

  constructor(raw = false) {
    this.#raw = raw;
  }

  /** Feeds `chunk` and returns every frame it completed. */
  push(chunk: Buffer): Frame[] {
    const frames: Frame[] = [];
    this.visit(chunk, (stream, buf, start, end) => frames.push({ stream, data: buf.subarray(start, end) }));
    return frames;
  }

  /**
   * Feeds `chunk` and hands each frame it completed to `visit` as a range
   * of the chunk, without a Buffer or an object per frame: the Engine sends a
   * log line as one frame and the HTTP parser hands each over as a chunk of
   * its own, so this runs once per line.
   */
  visit(chunk: Buffer, visit: FrameVisitor): void {
    if (this.#raw) {
      if (chunk.length > 0) visit('stdout', chunk, 0, chunk.length);
      return;
    }
    let buf = chunk;
    if (this.#pending) {
      buf = Buffer.concat([this.#pending, chunk]);
      this.#pending = undefined;
    }
    const length = buf.length;
    let offset = 0;
    while (length - offset >= 8) {
      const size =
        (buf[offset + 4] as number) * 0x1000000 +
        (((buf[offset + 5] as number) << 16) | ((buf[offset + 6] as number) << 8) | (buf[offset + 7] as number));
      const start = offset + 8;
      if (length - start < size) break;
      // Type 0 is stdin echoed back on a hijacked exec; treat it as stdout like the CLI does.
      visit(buf[offset] === 2 ? 'stderr' : 'stdout', buf, start, start + size);
      offset = start + size;
    }
    if (offset < length) this.#pending = Buffer.from(buf.subarray(offset));
  }
}

/** Where a log source's lines come from. */
export interface LogSourceMeta {
  service: string;
  replica?: number;
}

/** The most bytes of a message scanned for a newline in JavaScript; longer ones are searched natively. */
const SHORT_MESSAGE = 64;

/**
 * Turns the frames of one container into LogEntries. The Engine writes one
 * frame per log message, each with its timestamp; a message longer than the
 * log driver's buffer arrives in several frames without a trailing newline,
 * which are joined here under the first part's timestamp.
 */
export class LogLineAssembler {
  readonly #service: string;
  readonly #replica: number | undefined;
  #stdout: { text: string; timestamp: Date } | undefined;
  #stderr: { text: string; timestamp: Date } | undefined;
  /** Where readUtcTimestamp writes the time it read. */
  readonly #time = { ms: 0 };

  constructor(meta: LogSourceMeta) {
    this.#service = meta.service;
    this.#replica = meta.replica;
  }

  /** The complete lines `frame` finished. */
  push(frame: Frame): LogEntry[] {
    const out: LogEntry[] = [];
    this.pushRange(frame.stream, frame.data, 0, frame.data.length, (e) => out.push(e));
    return out;
  }

  /**
   * Hands `emit` the complete lines the frame in `buf[start, end)` finished.
   * The usual frame (one whole line, a UTC time, nothing pending before it)
   * is read from its bytes: one string (the message), one Date and the entry.
   */
  pushRange(stream: OutputStream, buf: Buffer, start: number, end: number, emit: (e: LogEntry) => void): void {
    const pending = stream === 'stdout' ? this.#stdout : this.#stderr;
    const from = readUtcTimestamp(buf, start, end, this.#time);
    if (pending === undefined && from >= 0 && from < end && buf[end - 1] === 10 /* \n */) {
      const last = end - 1;
      let nl = from;
      if (last - from <= SHORT_MESSAGE) while (nl < last && buf[nl] !== 10) nl++;
      else nl = buf.indexOf(10, from);
      if (nl === last) {
        const stop = last > from && buf[last - 1] === 13 /* \r */ ? last - 1 : last;
        emit(this.#entry(new Date(this.#time.ms), stream, buf.toString('utf8', from, stop)));
        return;
      }
    }
    let timestamp: Date | undefined;
    let message: string;
    if (from >= 0) {
      timestamp = new Date(this.#time.ms);
      message = buf.toString('utf8', from, end);
    } else {
      ({ timestamp, message } = parseTimestamped(buf.toString('utf8', start, end)));
    }
    const text = (pending?.text ?? '') + message;
    const at = pending?.timestamp ?? timestamp ?? new Date();
    const parts = text.split('\n');
    const rest = parts.pop() ?? '';
    const left = rest ? { text: rest, timestamp: at } : undefined;
    if (stream === 'stdout') this.#stdout = left;
    else this.#stderr = left;
    for (const line of parts) emit(this.#entry(at, stream, line.endsWith('\r') ? line.slice(0, -1) : line));
  }

  /** Whatever partial lines remain, at the end of the stream. */
  flush(): LogEntry[] {
    const out: LogEntry[] = [];
    const { stdout, stderr } = { stdout: this.#stdout, stderr: this.#stderr };
    this.#stdout = undefined;
    this.#stderr = undefined;
    if (stdout) out.push(this.#entry(stdout.timestamp, 'stdout', trimCr(stdout.text)));
    if (stderr) out.push(this.#entry(stderr.timestamp, 'stderr', trimCr(stderr.text)));
    return out;
  }

  #entry(timestamp: Date, stream: OutputStream, message: string): LogEntry {
    // One shape per source (replica or not), so the readers of a stream see one hidden class.
    if (this.#replica === undefined) return { timestamp, stream, service: this.#service, message };
    return { timestamp, stream, service: this.#service, replica: this.#replica, message };
  }
}

function trimCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Every entry of a finished (non-follow) log answer. */
export function entriesFromBuffer(buffer: Buffer, meta: LogSourceMeta, raw = false): LogEntry[] {
  const assembler = new LogLineAssembler(meta);
  const out: LogEntry[] = [];
  const emit = (e: LogEntry) => out.push(e);
  new FrameDemuxer(raw).visit(buffer, (stream, buf, start, end) => assembler.pushRange(stream, buf, start, end, emit));
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
/** Read lines at the front of the queue that make it worth copying the rest down. */
const COMPACT_AT = 1024;
/**
 * Turns of the event loop a waiting reader is left asleep while lines keep
 * arriving. The Engine's socket holds only a few hundred one-line frames, so
 * one read is a few hundred lines; woken at once, the reader would send them
 * as one small message, paying per message (execution, encoding, a socket
 * write, the client's parse) for every few hundred lines. A few turns later
 * the next reads are in, and the reader wakes to a burst of up to HIGH_WATER
 * lines; a lone line waits only these turns (microseconds on an idle server).
 */
const SETTLE_TURNS = 3;

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
  /** Lines not yet read: `#queue[#head…]` (a moving head instead of a shift per line). */
  #queue: LogEntry[] = [];
  #head = 0;
  readonly #filter: ((e: LogEntry) => boolean) | undefined;
  #open: number;
  #closed = false;
  #wake: (() => void) | undefined;
  #paused = false;
  /** Turns left before a waiting reader is woken (see SETTLE_TURNS); 0 when none is counting. */
  #settling = 0;
  /** Takes one decoded line (bound once: it runs for every line). */
  readonly #take = (e: LogEntry): void => {
    if (!this.#filter || this.#filter(e)) this.#queue.push(e);
  };

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
    this.#queue = [];
    this.#head = 0;
    this.#notify();
  }

  [Symbol.asyncIterator](): AsyncIterator<LogEntry> {
    // Not an async function: a line that is waiting is handed over in an already settled promise,
    // without the extra turns an async function's own promise costs (this runs once per line).
    const wait = async (): Promise<IteratorResult<LogEntry>> => {
      for (;;) {
        const entry = this.#shift();
        if (entry) return { value: entry, done: false };
        if (this.#closed || this.#open === 0) return { value: undefined, done: true };
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
      }
    };
    return {
      next: (): Promise<IteratorResult<LogEntry>> => {
        const entry = this.#shift();
        return entry ? Promise.resolve({ value: entry, done: false }) : wait();
      },
      return: async (): Promise<IteratorResult<LogEntry>> => {
        await this.close();
        return { value: undefined, done: true };
      },
    };
  }

  /** The oldest line not yet read, resuming the responses once the reader has caught up. */
  #shift(): LogEntry | undefined {
    const queue = this.#queue;
    if (this.#head === queue.length) return undefined;
    const entry = queue[this.#head] as LogEntry;
    queue[this.#head] = undefined as never;
    this.#head += 1;
    if (this.#head === queue.length) {
      queue.length = 0;
      this.#head = 0;
    } else if (this.#head >= COMPACT_AT && this.#head * 2 >= queue.length) {
      // A reader that never quite catches up (a followed stream) must not leave the array growing at its front.
      this.#queue = queue.slice(this.#head);
      this.#head = 0;
    }
    if (this.#paused && queue.length - this.#head <= LOW_WATER) this.#setPaused(false);
    return entry;
  }

  #attach(source: FollowSource): void {
    const demuxer = new FrameDemuxer(source.raw);
    const assembler = new LogLineAssembler(source);
    const take = this.#take;
    const frame = (stream: OutputStream, buf: Buffer, start: number, end: number) =>
      assembler.pushRange(stream, buf, start, end, take);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      if (!this.#closed) for (const e of assembler.flush()) take(e);
      this.#open -= 1;
      this.#notify();
    };
    source.response.on('data', (chunk: Buffer) => {
      if (this.#closed) return;
      demuxer.visit(chunk, frame);
      const queued = this.#queue.length - this.#head;
      if (queued === 0) return;
      if (queued >= HIGH_WATER) {
        if (!this.#paused) this.#setPaused(true);
        this.#notify();
      } else if (this.#wake && this.#settling === 0) {
        this.#settling = SETTLE_TURNS;
        setImmediate(this.#settle);
      }
    });
    source.response.once('end', end);
    source.response.once('close', end);
    // A destroyed or failed response only ends this source; the error is not the reader's to handle.
    source.response.once('error', end);
  }

  /** One turn of a waiting reader's sleep: it is woken after the last, or as soon as the stream ends. */
  readonly #settle = (): void => {
    this.#settling -= 1;
    if (this.#settling > 0 && this.#wake && !this.#closed && this.#open > 0) {
      setImmediate(this.#settle);
      return;
    }
    this.#settling = 0;
    this.#notify();
  };

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
