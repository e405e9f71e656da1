/**
 * The classic builder's progress, for an engine that cannot build with
 * BuildKit: plain `stream` lines (`Step 2/5 : RUN make`, ` ---> Using cache`,
 * the step's output), the image id as `aux.ID`. The classic builder has no
 * session, so it cannot take build secrets: the build call refuses a request
 * with secrets before it gets here.
 */
import type { BuildSink } from '../builds.js';
import { type BuildMessage, type BuildProgress, maskSecrets } from './docker-build-trace.js';

const STEP = /^Step (\d+)\/\d+ : (.*)$/;
const LAST_WORDS = 6;

/** Reads a classic build's stream (one per build). */
export class ClassicTrace implements BuildProgress {
  #steps = 0;
  #cached = 0;
  #current = 0;
  #currentName = '';
  #partial = '';
  #last: string[] = [];
  #imageId: string | undefined;

  constructor(
    private readonly sink: BuildSink,
    private readonly secrets: readonly string[],
  ) {}

  get steps(): number {
    return this.#steps;
  }

  get cachedSteps(): number {
    return this.#cached;
  }

  get imageId(): string | undefined {
    return this.#imageId;
  }

  onMessage(msg: BuildMessage): void {
    const id = (msg.aux as { ID?: unknown } | undefined)?.ID;
    if (typeof id === 'string') this.#imageId = id;
    if (typeof msg.stream !== 'string') return;
    const lines = (this.#partial + msg.stream).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) this.#line(line);
  }

  finish(): void {
    if (this.#partial) this.#line(this.#partial);
    this.#partial = '';
  }

  failure(finalError: string | undefined): string | undefined {
    this.finish();
    if (!finalError) return undefined;
    const step = this.#current ? `step ${this.#current} ${this.#currentName} failed: ` : '';
    const words = this.#last.length > 0 ? `\n${this.#last.join('\n')}` : '';
    return maskSecrets(`${step}${finalError}${words}`, this.secrets);
  }

  running(): string | undefined {
    return this.#current ? maskSecrets(`step ${this.#current} ${this.#currentName}`, this.secrets) : undefined;
  }

  #line(raw: string): void {
    const line = maskSecrets(raw.replace(/\r$/, ''), this.secrets);
    const step = STEP.exec(line);
    if (step) {
      // FROM runs nothing (and is never "Using cache"): not counted, as for BuildKit.
      if (!/^FROM /i.test(step[2] ?? '')) this.#steps += 1;
      this.#current = Number(step[1]);
      this.#currentName = step[2] ?? '';
      this.#last = [];
    } else if (line.trim() === '---> Using cache') {
      this.#cached += 1;
    } else if (!line.startsWith(' ---> ') && !/^Removing intermediate container /.test(line)) {
      this.#last.push(line);
      if (this.#last.length > LAST_WORDS) this.#last.shift();
    }
    this.sink.line(this.#current ? { step: this.#current, line } : { line });
  }
}
