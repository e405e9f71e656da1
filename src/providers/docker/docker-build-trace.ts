/**
 * Turns a BuildKit build's progress (`moby.buildkit.trace` messages, each a
 * StatusResponse of vertex updates and vertex logs) into what the engine
 * reports: numbered header lines (`#3 [build 2/3] RUN make`), the steps'
 * output lines attributed to their step, the count of steps and of cached
 * ones, and on failure the failing step and its last words. Every line is
 * masked of the request's secret values before it leaves (BuildKit does not
 * mask: a RUN may echo one).
 */
import { StringDecoder } from 'node:string_decoder';
import type { BuildSink } from '../builds.js';
import { redact } from '../redact.js';
import { decodeStatus } from './docker-build-proto.js';

/** What both progress readers (BuildKit, classic) give the build call. */
export interface BuildProgress {
  /** One decoded JSON message of the build's response stream. */
  onMessage(msg: BuildMessage): void;
  /** The stream ended: flush partial lines. */
  finish(): void;
  readonly steps: number;
  readonly cachedSteps: number;
  /** The image id the builder reported, if any. */
  readonly imageId: string | undefined;
  /** Why the build failed (step and last words, masked), or undefined when nothing failed. */
  failure(finalError: string | undefined): string | undefined;
  /** The step running last (`#6 [2/2] RUN make`, masked), for a timeout's message. */
  running(): string | undefined;
}

/** One message of `POST /build`'s response stream. */
export interface BuildMessage {
  id?: string;
  aux?: unknown;
  stream?: string;
  error?: string;
  errorDetail?: { message?: string };
}

/** Lines of a failing step quoted in the error. */
const LAST_WORDS = 6;

/**
 * A Dockerfile instruction's vertex (`[2/3] RUN …`, `[build 2/4] COPY …`), as opposed to `[internal] …`
 * and the export: the steps a build counts. FROM is left out: it resolves an image and runs nothing, and
 * BuildKit never marks it cached, so counting it would make an unchanged rebuild look partly rebuilt.
 */
const INSTRUCTION = /^\[(?:[^\]\s]+ )?\d+\/\d+\] (?!FROM )/;

interface VertexState {
  n: number;
  name: string;
  instruction: boolean;
  cached: boolean;
  started: boolean;
  completed: boolean;
  error: string;
  partial: string;
  last: string[];
}

/** Reads a BuildKit build's trace (one per build). */
export class BuildKitTrace implements BuildProgress {
  readonly #vertexes = new Map<string, VertexState>();
  #imageId: string | undefined;

  constructor(
    private readonly sink: BuildSink,
    private readonly secrets: readonly string[],
  ) {}

  get steps(): number {
    return [...this.#vertexes.values()].filter((v) => v.instruction).length;
  }

  get cachedSteps(): number {
    return [...this.#vertexes.values()].filter((v) => v.instruction && v.cached).length;
  }

  get imageId(): string | undefined {
    return this.#imageId;
  }

  onMessage(msg: BuildMessage): void {
    if (msg.id === 'moby.image.id') {
      const id = (msg.aux as { ID?: unknown } | undefined)?.ID;
      if (typeof id === 'string') this.#imageId = id;
      return;
    }
    if (msg.id !== 'moby.buildkit.trace' || typeof msg.aux !== 'string') return;
    const status = decodeStatus(msg.aux);
    for (const v of status.vertexes) this.#vertex(v);
    for (const log of status.logs) this.#log(log.vertex, log.msg);
  }

  finish(): void {
    for (const v of this.#vertexes.values()) this.#flush(v);
  }

  failure(finalError: string | undefined): string | undefined {
    this.finish();
    const failed = [...this.#vertexes.values()].find((v) => v.error);
    if (!failed) return finalError ? this.#mask(finalError) : undefined;
    const words = failed.last.length > 0 ? `\n${failed.last.join('\n')}` : '';
    return this.#mask(`step #${failed.n} ${failed.name} failed: ${failed.error}${words}`);
  }

  running(): string | undefined {
    const open = [...this.#vertexes.values()].filter((v) => v.started && !v.completed && !v.cached && !v.error);
    const last = open.at(-1);
    return last ? this.#mask(`#${last.n} ${last.name}`) : undefined;
  }

  #vertex(v: {
    digest: string;
    name: string;
    cached: boolean;
    started: unknown;
    completed: unknown;
    error: string;
  }): void {
    let state = this.#vertexes.get(v.digest);
    if (!state) {
      state = {
        n: this.#vertexes.size + 1,
        name: v.name,
        instruction: INSTRUCTION.test(v.name),
        cached: false,
        started: false,
        completed: false,
        error: '',
        partial: '',
        last: [],
      };
      this.#vertexes.set(v.digest, state);
      this.#emit(state.n, `#${state.n} ${v.name}`);
    }
    if (v.started) state.started = true;
    if (v.cached && !state.cached) {
      state.cached = true;
      this.#emit(state.n, `#${state.n} CACHED`);
    }
    if (v.error && !state.error) {
      state.error = v.error;
      this.#flush(state);
      this.#emit(state.n, `#${state.n} ERROR: ${v.error}`);
    } else if (v.completed && !state.completed && !state.cached) {
      state.completed = true;
      this.#flush(state);
      this.#emit(state.n, `#${state.n} DONE`);
    }
  }

  #log(digest: string, msg: Buffer): void {
    const state = this.#vertexes.get(digest);
    if (!state) return;
    const lines = (state.partial + msg.toString('utf8')).split('\n');
    // Hold the unterminated tail: a secret split across two log messages is masked once it is whole.
    state.partial = lines.pop() ?? '';
    for (const line of lines) this.#line(state, line);
  }

  #flush(state: VertexState): void {
    if (state.partial) this.#line(state, state.partial);
    state.partial = '';
  }

  #line(state: VertexState, raw: string): void {
    const text = this.#mask(raw.replace(/\r$/, ''));
    state.last.push(text);
    if (state.last.length > LAST_WORDS) state.last.shift();
    this.sink.line({ step: state.n, line: text });
  }

  #emit(step: number, line: string): void {
    this.sink.line({ step, line: this.#mask(line) });
  }

  #mask(text: string): string {
    return maskSecrets(text, this.secrets);
  }
}

/** `text` with every secret value (and every line of a multi-line one) replaced by `***`. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  const pieces = secrets.flatMap((s) => [s, ...(s.includes('\n') ? s.split('\n').filter((l) => l.length >= 4) : [])]);
  return redact(text, pieces);
}

/**
 * Reads a build or push response (one JSON message per line, chunked
 * anywhere) until it ends; a stream error (the request destroyed on cancel
 * or timeout) rejects.
 */
export function readMessages(stream: NodeJS.ReadableStream, onMessage: (msg: BuildMessage) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let buf = '';
    const utf8 = new StringDecoder('utf8');
    const take = (line: string) => {
      if (!line.trim()) return;
      try {
        onMessage(JSON.parse(line) as BuildMessage);
      } catch (err) {
        // A line that is not JSON is the Engine's own text: keep it as a stream line.
        if (err instanceof SyntaxError) onMessage({ stream: `${line}\n` });
        else throw err;
      }
    };
    stream.on('data', (chunk: Buffer | string) => {
      try {
        const lines = (buf + (typeof chunk === 'string' ? chunk : utf8.write(chunk))).split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) take(line);
      } catch (err) {
        reject(err);
      }
    });
    stream.on('end', () => {
      try {
        take(buf + utf8.end());
        resolve();
      } catch (err) {
        reject(err);
      }
    });
    stream.on('error', reject);
    stream.on('close', () => reject(new Error('the build stream closed before it ended')));
  });
}
