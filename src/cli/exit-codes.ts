/** The CLI's exit codes, documented in docs/cli.md: scripts branch on them. */
export const ExitCode = {
  OK: 0,
  /** The operation ran and failed (FAILED, TIMEOUT, CANCELED), or the server refused it. */
  FAILED: 1,
  /** Bad usage or a spec that does not validate; nothing was sent. */
  USAGE: 2,
  /** No token, a bad or revoked one, or a missing scope. */
  AUTH: 3,
  /** The server could not be reached. */
  UNREACHABLE: 4,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the CLI reports as one message and an exit code (never a stack trace). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

/** Usage or validation error (exit 2). */
export function usageError(message: string): CliError {
  return new CliError(message, ExitCode.USAGE);
}
