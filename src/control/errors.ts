import type { Capability } from '../providers/capabilities.js';
import type { InstanceState } from '../providers/provider.js';
import type { Scope } from './scopes.js';

/**
 * Expected failures. The schema registers each class as a GraphQL error type
 * (Pothos errors plugin), so a resolver throws one and the client receives a
 * typed member of the mutation's result union. Messages are safe to show.
 */
export class DomainError extends Error {}

/** One problem with one input field; `path` walks from the input root (`services.1.ports.0.host`). */
export interface FieldError {
  path: string[];
  message: string;
}

export class ValidationError extends DomainError {
  override readonly name = 'ValidationError';
  constructor(readonly fieldErrors: FieldError[]) {
    super(
      fieldErrors.length === 1
        ? `invalid input: ${fieldErrors[0]!.path.join('.')}: ${fieldErrors[0]!.message}`
        : `invalid input: ${fieldErrors.length} problems (first: ${fieldErrors[0]?.path.join('.')}: ${fieldErrors[0]?.message})`,
    );
  }
  static of(path: string[], message: string): ValidationError {
    return new ValidationError([{ path, message }]);
  }
}

/** Missing, or not the caller's: the two are indistinguishable on purpose. */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  constructor(what: string) {
    super(`${what} not found`);
  }
}

export class CapabilityNotSupportedError extends DomainError {
  override readonly name = 'CapabilityNotSupportedError';
  constructor(
    readonly capability: Capability,
    readonly provider: string,
    /** Why, when the provider says (e.g. which program to install). */
    reason?: string,
  ) {
    super(`provider "${provider}" does not support ${capability}${reason ? `: ${reason}` : ''}`);
  }
}

export class InvalidStateError extends DomainError {
  override readonly name = 'InvalidStateError';
  constructor(
    readonly state: InstanceState,
    action: string,
  ) {
    super(`cannot ${action} an instance that is ${state}`);
  }
}

export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
  constructor(
    message: string,
    readonly currentVersion?: number,
  ) {
    super(message);
  }
}

export class IdempotencyConflictError extends DomainError {
  override readonly name = 'IdempotencyConflictError';
  constructor() {
    super('this idempotency key was already used with a different request');
  }
}

export class ProviderUnavailableError extends DomainError {
  override readonly name = 'ProviderUnavailableError';
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
  constructor(
    message: string,
    readonly requiredScope?: Scope,
  ) {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  override readonly name = 'RateLimitedError';
  constructor(readonly retryAfterSeconds: number) {
    super(`too many requests: retry after ${retryAfterSeconds}s`);
  }
}
