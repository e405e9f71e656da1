import type { CombinedError } from 'urql';
import type { ErrorFieldsFragment } from './generated/graphql.js';

/** A mutation's outcome as a form shows it: a typed error from the union, or a transport/GraphQL failure. */
export type MutationProblem = { typed: ErrorFieldsFragment } | { failed: string };

/** The typed error in a mutation result's union member, if it is one. */
export function typedError<T extends { __typename?: string }>(
  result: T | undefined | null,
): ErrorFieldsFragment | undefined {
  return result?.__typename?.endsWith('Error') ? (result as unknown as ErrorFieldsFragment) : undefined;
}

/** Turns urql's result into a problem to show, or undefined when the payload came back. */
export function problemOf<T extends { __typename?: string }>(
  payload: T | undefined | null,
  error: CombinedError | undefined,
): MutationProblem | undefined {
  if (error) return { failed: error.graphQLErrors[0]?.message ?? error.message };
  const typed = typedError(payload);
  return typed ? { typed } : undefined;
}

/** The messages a ValidationError has for `field` (its path without the leading `input`, joined by dots). */
export function fieldMessages(problem: MutationProblem | undefined, field: string): string[] {
  if (!problem || !('typed' in problem) || problem.typed.__typename !== 'ValidationError') return [];
  return problem.typed.fieldErrors.filter((e) => pathKey(e.path) === field).map((e) => e.message);
}

function pathKey(path: readonly string[]): string {
  return (path[0] === 'input' ? path.slice(1) : path).join('.');
}

/** The messages of `field`, next to it. */
export function FieldError({ problem, field }: { problem: MutationProblem | undefined; field: string }) {
  const messages = fieldMessages(problem, field);
  if (messages.length === 0) return null;
  return (
    <span className="field-error" data-field={field} role="alert">
      {messages.join('; ')}
    </span>
  );
}

/** The error as a whole, above the form: its type, message and the detail its type carries. */
export function ProblemBanner({ problem }: { problem: MutationProblem | undefined }) {
  if (!problem) return null;
  if ('failed' in problem) {
    return (
      <div className="banner error" role="alert">
        {problem.failed}
      </div>
    );
  }
  const e = problem.typed;
  const detail =
    e.__typename === 'ForbiddenError'
      ? `needs scope ${e.requiredScope}`
      : e.__typename === 'CapabilityNotSupportedError'
        ? `provider ${e.provider} lacks ${e.capability}`
        : e.__typename === 'ConflictError'
          ? `the instance is now at version ${e.currentVersion}`
          : e.__typename === 'InvalidStateError'
            ? `state ${e.state}`
            : e.__typename === 'RateLimitedError'
              ? `retry in ${e.retryAfterSeconds}s`
              : undefined;
  return (
    <div className="banner error" role="alert" data-error-type={e.__typename}>
      <strong>{e.__typename}</strong>: {e.message}
      {detail ? <span className="muted"> ({detail})</span> : null}
    </div>
  );
}
