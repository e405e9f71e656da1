import { type FieldProblem, WheelhouseApiError } from './errors.js';

/** A member of a result union that is a typed error (`…Error`). */
export type ErrorMember<T> = Extract<T, { __typename: `${string}Error` }>;

/** The members of a result union that are not errors: its payload. */
export type PayloadOf<T> = Exclude<T, { __typename: `${string}Error` }>;

/** Whether a result union member is a typed error (its type name ends in `Error`). */
export function isErrorResult<T extends { __typename?: string }>(result: T): result is T & ErrorMember<T> {
  return typeof result.__typename === 'string' && result.__typename.endsWith('Error');
}

/**
 * Returns a mutation result's payload, or throws its typed error member as a
 * `WheelhouseApiError` (with `typename`, `message` and `fieldErrors`). For
 * callers who would rather `try`/`catch` than switch on `__typename`.
 *
 * @example
 * const { operation } = unwrap((await client.request(ProvisionInstanceDocument, { input })).provisionInstance);
 */
export function unwrap<T extends { __typename?: string }>(result: T): PayloadOf<T> {
  if (isErrorResult(result)) {
    const e = result as unknown as { __typename: string; message?: string; fieldErrors?: readonly FieldProblem[] };
    throw new WheelhouseApiError({
      ...e,
      message: e.message ?? e.__typename,
      ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}),
    });
  }
  return result as PayloadOf<T>;
}
