import { providerFailureOf } from '../control/provider-calls.js';
import { ProviderError } from '../providers/provider-errors.js';

/** Thrown inside a run to end it with a given code. */
export class OperationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Abort reason of a crash or a lost lease: nothing is recorded, the next claim re-runs the operation. */
export class CrashSignal extends Error {
  constructor() {
    super('lease lost');
  }
}

/** The workload did not become ready: `outcome` is the readiness outcome (failed, timeout). */
export class ReadinessFailure extends Error {
  constructor(
    readonly outcome: string,
    message: string,
  ) {
    super(message);
  }
}

/** A failure as the operation records it: a stable code, a message safe to show, and the readiness outcome. */
export interface DescribedFailure {
  outcome: string | null;
  code: string;
  message: string;
}

export function describeFailure(err: unknown, canceled: boolean): DescribedFailure {
  if (canceled)
    return { outcome: 'canceled', code: 'CANCELED', message: err instanceof Error ? err.message : 'canceled' };
  if (err instanceof ReadinessFailure)
    return {
      outcome: err.outcome,
      code: err.outcome === 'failed' ? 'NOT_READY' : 'READINESS_TIMEOUT',
      message: err.message,
    };
  if (err instanceof OperationFailure) return { outcome: null, code: err.code, message: err.message };
  if (err instanceof ProviderError) return providerFailureOf(err);
  return { outcome: null, code: 'INTERNAL', message: 'internal error (see server log)' };
}
