/**
 * Stream leases: how many streams a token holds, and how a token's death ends
 * them. Kept apart from the hub because they guard every kind of stream
 * (event streams, operation updates, logs), not only the hub's own: a feed
 * takes a lease here just as an event stream does.
 *
 * A revoked or expired token ends its streams at once on the replica that
 * revoked it (`revoke`), as soon as the `token.revoked` event arrives on the
 * others (the hub calls `revoke`), and within a liveness interval (a re-check
 * of the token row, `checkAll`) in any case.
 */
import type { Principal } from '../scopes.js';
import { SubscriptionLimitError, TokenRevokedError } from './stream-errors.js';

/** A stream's hold on its token: counted against the token's limit, ended when the token dies. */
export interface StreamLease {
  /** Aborted (with a TokenRevokedError, or on hub stop) when the stream must end. */
  readonly signal: AbortSignal;
  /**
   * Throws (or rejects with) TokenRevokedError when the token is no longer
   * live. The answer is cached for a liveness interval: while it is fresh this
   * returns synchronously, so a busy stream pays nothing per event. `now`
   * is the time (the hub reads it once for all the streams it offers an event).
   */
  check(now?: number): Promise<void> | undefined;
  /** Gives the slot back. Idempotent. */
  release(): void;
}

/** What the leases need to know about tokens and limits. */
export interface StreamLeasesOptions {
  /** Whether a principal's token is still live (TokenService.isLive). */
  isLive: (principal: Principal) => Promise<boolean>;
  /** How long a token's liveness answer is trusted, ms. */
  livenessMs: number;
  /** Open streams per token. */
  perToken: number;
}

interface TokenState {
  principal: Principal;
  open: Set<AbortController>;
  checkedAt: number;
  live: boolean;
  pending: Promise<boolean> | undefined;
}

/** The open leases of this process, by token. */
export class StreamLeases {
  readonly #tokens = new Map<string, TokenState>();
  /** Streams ended because their token was revoked: told (revoke) or found on a re-check (checkAll). */
  readonly #ended = { revoked: 0, rechecked: 0 };

  constructor(private readonly options: StreamLeasesOptions) {}

  /** Open leases, and the tokens holding them (stats). */
  get counts(): { leases: number; tokens: number } {
    let leases = 0;
    for (const t of this.#tokens.values()) leases += t.open.size;
    return { leases, tokens: this.#tokens.size };
  }

  /**
   * Takes one of the token's stream slots. Throws SubscriptionLimitError when
   * it holds the maximum already.
   */
  take(principal: Principal): StreamLease {
    let state = this.#tokens.get(principal.tokenId);
    if (!state) {
      state = { principal, open: new Set(), checkedAt: 0, live: true, pending: undefined };
      this.#tokens.set(principal.tokenId, state);
    }
    if (state.open.size >= this.options.perToken) {
      throw new SubscriptionLimitError(
        `this token has ${this.options.perToken} open subscriptions already (the most a token may hold)`,
      );
    }
    const controller = new AbortController();
    state.open.add(controller);
    const tokens = this.#tokens;
    const s = state;
    let released = false;
    return {
      signal: controller.signal,
      check: (now = Date.now()) => {
        if (controller.signal.aborted) throw controller.signal.reason;
        if (now - s.checkedAt < this.options.livenessMs) {
          if (s.live) return undefined;
          const err = new TokenRevokedError();
          this.#endToken(s, err);
          throw err;
        }
        return this.#isLive(s).then((live) => {
          if (live) return;
          const err = new TokenRevokedError();
          this.#endToken(s, err);
          throw err;
        });
      },
      release: () => {
        if (released) return;
        released = true;
        s.open.delete(controller);
        if (s.open.size === 0 && tokens.get(s.principal.tokenId) === s) tokens.delete(s.principal.tokenId);
      },
    };
  }

  /** Ends every stream of a revoked token at once, and remembers it is dead. */
  revoke(tokenId: string): void {
    const state = this.#tokens.get(tokenId);
    if (!state) return;
    state.live = false;
    state.checkedAt = Date.now();
    this.#ended.revoked += state.open.size;
    this.#endToken(state, new TokenRevokedError());
  }

  /**
   * Re-checks every token holding a lease whose answer is older than half
   * the liveness interval, all at once, and ends the streams of those no
   * longer live. Run every half interval (the hub does), it keeps each
   * answer younger than the interval, so a stream's per-event check (which
   * waits for an answer only once its last is a whole interval old) finds one
   * and hands the event on at once: a feed of thousands is not held up, event
   * after event, by a token's row being read again.
   */
  async checkAll(): Promise<void> {
    const refreshAfterMs = this.options.livenessMs / 2;
    await Promise.all(
      [...this.#tokens.values()].map(async (state) => {
        if (state.open.size === 0) return;
        if (!(await this.#isLive(state, refreshAfterMs))) {
          this.#ended.rechecked += state.open.size;
          this.#endToken(state, new TokenRevokedError());
        }
      }),
    );
  }

  /** How many streams were ended by a revocation the hub was told of, and by the periodic re-check. */
  get ended(): { revoked: number; rechecked: number } {
    return { ...this.#ended };
  }

  /** Ends every lease with `reason` and forgets every token (the hub is stopping). */
  endAll(reason: Error): void {
    for (const t of this.#tokens.values()) for (const c of t.open) c.abort(reason);
    this.#tokens.clear();
  }

  #endToken(state: TokenState, err: Error): void {
    for (const c of [...state.open]) c.abort(err);
  }

  /** The token's liveness: its last answer while younger than `maxAgeMs`, else read again (once at a time). */
  async #isLive(state: TokenState, maxAgeMs = this.options.livenessMs): Promise<boolean> {
    if (Date.now() - state.checkedAt < maxAgeMs) return state.live;
    if (!state.pending) {
      state.pending = this.options
        .isLive(state.principal)
        .then(
          (live) => {
            state.live = state.live && live;
            state.checkedAt = Date.now();
            return state.live;
          },
          // A failed check is not a revocation: keep the last answer and ask again next time.
          () => state.live,
        )
        .finally(() => {
          state.pending = undefined;
        });
    }
    return state.pending;
  }
}
