import {
  WheelhouseApiError,
  WheelhouseAuthError,
  WheelhouseRequestError,
  WheelhouseUnreachableError,
} from '../client/errors.js';
import { CliError, ExitCode, usageError } from './exit-codes.js';

/**
 * Maps what the client throws to the CLI's exit codes: a typed
 * ValidationError → 2 with each field path, a missing scope (a ForbiddenError
 * member or a FORBIDDEN GraphQL error) or a refused token → 3, no server → 4, any other error member or GraphQL error → 1.
 */
export function toCliError(err: unknown): CliError | undefined {
  if (err instanceof CliError) return err;
  if (err instanceof WheelhouseApiError) {
    if (err.typename === 'ValidationError') {
      const lines = err.fieldErrors.map((f) => `  ${f.path.join('.')}: ${f.message}`);
      return usageError([err.message, ...lines].join('\n'));
    }
    if (err.typename === 'ForbiddenError') {
      const scope = err.error.requiredScope ? ` (needs scope ${String(err.error.requiredScope)})` : '';
      return new CliError(`${err.message}${scope}`, ExitCode.AUTH);
    }
    return new CliError(`${err.typename}: ${err.message}`, ExitCode.FAILED);
  }
  if (err instanceof WheelhouseAuthError) return new CliError(`the token was refused: ${err.message}`, ExitCode.AUTH);
  if (err instanceof WheelhouseUnreachableError) return new CliError(err.message, ExitCode.UNREACHABLE);
  if (err instanceof WheelhouseRequestError) {
    // A query or subscription field answers a missing scope as a GraphQL error (FORBIDDEN), not a
    // typed member: the same failure as a mutation's ForbiddenError, so the same exit code.
    const forbidden = err.errors.find((e) => e.extensions?.code === 'FORBIDDEN');
    if (forbidden) {
      const scope = forbidden.extensions?.requiredScope;
      return new CliError(`${forbidden.message}${scope ? ` (needs scope ${String(scope)})` : ''}`, ExitCode.AUTH);
    }
    return new CliError(err.message, ExitCode.FAILED);
  }
  return undefined;
}
