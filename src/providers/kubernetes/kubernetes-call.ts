/**
 * One provider call against the API server: the caller's signal combined with
 * a per-request deadline, the secrets its messages must never show, and the
 * client options that carry both into @kubernetes/client-node.
 */
import type {
  ConfigurationOptions,
  ObservableMiddleware,
  RequestContext,
  ResponseContext,
} from '@kubernetes/client-node';
import { Observable, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { ProviderError, ProviderErrorKind } from '../provider-errors.js';
import { type KubeErrorContext, kubeError } from './kubernetes-errors.js';

/** Where a call goes and whom its errors name. */
export interface KubeTarget {
  provider: string;
  endpoint: string;
}

export class KubeCall {
  readonly op: string;
  readonly signal: AbortSignal | undefined;
  readonly secrets: string[] = [];
  readonly #timeoutMs: number;
  readonly #answerTimeoutMs: number;
  readonly #target: KubeTarget;
  #unanswered = false;
  #bearer: string | undefined;

  /**
   * `timeoutMs` bounds each request; `answerTimeoutMs` bounds the wait for
   * the server's first answer (response headers): a server that accepts no
   * connection or never answers counts as unreachable after it.
   */
  constructor(
    op: string,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    target: KubeTarget,
    answerTimeoutMs = timeoutMs,
  ) {
    this.op = op;
    this.signal = signal;
    this.#timeoutMs = timeoutMs;
    this.#answerTimeoutMs = Math.min(answerTimeoutMs, timeoutMs);
    this.#target = target;
  }

  /**
   * Authenticates this call's requests with `token` (a credential the
   * registry resolved for it) instead of the kubeconfig's user; the token is
   * masked in every message the call produces.
   */
  withBearer(token: string | undefined): this {
    if (!token) return this;
    this.#bearer = token;
    this.secrets.push(token);
    return this;
  }

  /** The call's bearer token, for the clients that authenticate from a kubeconfig (see kubernetes-credential-clients.ts). */
  get bearer(): string | undefined {
    return this.#bearer;
  }

  /** The context error mapping needs. */
  context(): KubeErrorContext {
    return {
      ...this.#target,
      op: this.op,
      secrets: this.secrets,
      ...(this.signal ? { signal: this.signal } : {}),
      ...(this.#unanswered ? { unansweredAfterMs: this.#answerTimeoutMs } : {}),
    };
  }

  /** A ProviderError of `kind` for this call. */
  fail(kind: ProviderErrorKind, message: string, cause?: unknown): ProviderError {
    return kubeError(kind, message, this.context(), cause);
  }

  /** A signal that ends one request: the caller's cancel or this call's per-request deadline. */
  requestSignal(timeoutMs = this.#timeoutMs): AbortSignal {
    const deadline = AbortSignal.timeout(timeoutMs);
    return this.signal ? AbortSignal.any([this.signal, deadline]) : deadline;
  }

  /** Client options for one request (its abort signal and, for patches, the patch content type). */
  opts(patch?: 'merge'): ConfigurationOptions<ObservableMiddleware> {
    const unanswered = new AbortController();
    const signal = AbortSignal.any([this.requestSignal(), unanswered.signal]);
    let timer: NodeJS.Timeout | undefined;
    const withSignal: ObservableMiddleware = {
      pre: (ctx: RequestContext) => {
        ctx.setSignal(signal);
        // Middleware runs after the kubeconfig's authentication, so this header wins.
        if (this.#bearer) ctx.setHeaderParam('Authorization', `Bearer ${this.#bearer}`);
        timer = setTimeout(() => {
          this.#unanswered = true;
          unanswered.abort();
        }, this.#answerTimeoutMs);
        timer.unref();
        return new Observable(Promise.resolve(ctx));
      },
      post: (ctx: ResponseContext) => {
        clearTimeout(timer);
        return new Observable(Promise.resolve(ctx));
      },
    };
    const options: ConfigurationOptions<ObservableMiddleware> = {
      middleware: [withSignal],
      middlewareMergeStrategy: 'append',
    };
    return patch ? setHeaderOptions('Content-Type', PatchStrategy.MergePatch, options) : options;
  }

  throwIfCanceled(): void {
    if (this.signal?.aborted) throw Object.assign(new Error('canceled'), { name: 'AbortError' });
  }
}
