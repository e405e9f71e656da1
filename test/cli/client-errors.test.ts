import { describe, expect, it } from 'vitest';
import { toCliError } from '../../src/cli/client-errors.js';
import { ExitCode } from '../../src/cli/exit-codes.js';
import {
  WheelhouseApiError,
  WheelhouseAuthError,
  WheelhouseRequestError,
  WheelhouseUnreachableError,
} from '../../src/client/errors.js';

describe('client errors as exit codes', () => {
  it('a ValidationError is a usage error that prints each field path', () => {
    const err = toCliError(
      new WheelhouseApiError({
        __typename: 'ValidationError',
        message: 'invalid input',
        fieldErrors: [{ path: ['input', 'services', '1', 'role'], message: 'exactly one MAIN' }],
      }),
    );
    expect(err?.exitCode).toBe(ExitCode.USAGE);
    expect(err?.message).toBe('invalid input\n  input.services.1.role: exactly one MAIN');
  });

  it('maps a missing scope and a refused token to 3, no server to 4, other failures to 1', () => {
    expect(toCliError(new WheelhouseApiError({ __typename: 'ForbiddenError', message: 'no' }))?.exitCode).toBe(
      ExitCode.AUTH,
    );
    expect(toCliError(new WheelhouseAuthError('401'))?.exitCode).toBe(ExitCode.AUTH);
    expect(toCliError(new WheelhouseUnreachableError('http://127.0.0.1:9/graphql'))?.exitCode).toBe(
      ExitCode.UNREACHABLE,
    );
    expect(toCliError(new WheelhouseApiError({ __typename: 'NotFoundError', message: 'gone' }))?.exitCode).toBe(
      ExitCode.FAILED,
    );
    expect(toCliError(new WheelhouseRequestError([{ message: 'boom' }]))?.exitCode).toBe(ExitCode.FAILED);
    // A query field's missing scope is a GraphQL error, not a union member: still 3, naming the scope.
    const forbidden = toCliError(
      new WheelhouseRequestError([
        { message: 'this needs the EXEC scope', extensions: { code: 'FORBIDDEN', requiredScope: 'EXEC' } },
      ]),
    );
    expect(forbidden?.exitCode).toBe(ExitCode.AUTH);
    expect(forbidden?.message).toBe('this needs the EXEC scope (needs scope EXEC)');
    expect(toCliError(new Error('a bug'))).toBeUndefined();
  });
});
