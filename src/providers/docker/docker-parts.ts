/**
 * What the Docker provider's calls and engines share: the engine client, the
 * rollout machinery, the edge when there is one, the probe history, the
 * configured timings, and the facts last read from the Engine. The provider
 * makes one; its call modules (provision, scale, status) and its engines
 * (docker-engines.ts) receive it, so none of them keeps state of its own.
 */
import { ProviderErrorKinds } from '../provider-errors.js';
import { Call, type CallTarget } from './docker-call.js';
import type { DockerEdge } from './docker-edge.js';
import type { DockerEngine } from './docker-engine.js';
import { toProviderError } from './docker-errors.js';
import type { HealthTracker } from './docker-health-tracker.js';
import type { Rollout } from './docker-rollout.js';
import { SpecError } from './docker-spec.js';

/** The shared state of one DockerProvider. */
export interface DockerParts {
  engine: DockerEngine;
  rollout: Rollout;
  /** The HAProxy edge, when the provider has one. */
  edge: DockerEdge | undefined;
  /** Probe history of running containers: the spec's interval and retries decide health, not status() calls. */
  health: HealthTracker;
  target: CallTarget;
  /** Labels added to every object the provider creates (an operator's or a test run's). */
  labels: Record<string, string>;
  apiTimeoutMs: number;
  minReadyMs: number;
  /** The remote engine's host, when the Engine is not local (probes and published ports go there). */
  remoteHost: string | undefined;
  useInit: boolean;
  /** What the Engine said of itself when last asked (info() and the `gpu` capability read them). */
  facts: { engineVersion?: string; nvidia: boolean };
}

/**
 * Runs one provider call: a Call bounded by the API timeout, refused at once
 * when the caller has aborted; a SpecError is `invalid_spec`, anything else
 * is mapped to the ProviderError kind it means (docker-errors.ts).
 */
export async function runCall<T>(
  parts: Pick<DockerParts, 'apiTimeoutMs' | 'target'>,
  ctx: { signal?: AbortSignal },
  op: string,
  fn: (call: Call) => Promise<T>,
): Promise<T> {
  const call = new Call(op, ctx.signal, parts.apiTimeoutMs, parts.target);
  call.throwIfCanceled();
  try {
    return await fn(call);
  } catch (err) {
    if (err instanceof SpecError) throw call.fail(ProviderErrorKinds.invalidSpec, err.message, err);
    throw toProviderError(err, call.context());
  }
}
