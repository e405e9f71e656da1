import { Command, CommanderError } from 'commander';
import { toCliError } from './client-errors.js';
import { registerAccountCommands } from './commands/account.js';
import { registerApply } from './commands/apply.js';
import { registerAuditCommands } from './commands/audit.js';
import { registerBackupCommands } from './commands/backups.js';
import { registerBuildCommands } from './commands/builds.js';
import { registerInstanceCommands } from './commands/instances.js';
import { registerJobCommands } from './commands/jobs.js';
import { registerRolloutCommands } from './commands/rollouts.js';
import { registerRouteCommands } from './commands/routes.js';
import { registerScheduleCommands } from './commands/schedules.js';
import { registerStreamCommands } from './commands/streams.js';
import { registerTrustCommands } from './commands/trust.js';
import { registerVolumeCommands } from './commands/volumes.js';
import { registerWebhookCommands } from './commands/webhooks.js';
import { ExitCode } from './exit-codes.js';

/** The `wheelhouse` command tree. */
export function buildProgram(): Command {
  const program = new Command('wheelhouse')
    .description('Drive a Wheelhouse control plane from the terminal.')
    .option('--json', 'print results as JSON (progress goes to stderr)')
    .showHelpAfterError()
    .exitOverride()
    .addHelpText(
      'after',
      '\nExit codes: 0 ok, 1 operation failed, 2 usage or validation, 3 auth, 4 server unreachable, 130 interrupted.\n' +
        'Connection: `wheelhouse login`, or WHEELHOUSE_URL and WHEELHOUSE_TOKEN.',
    );
  registerAccountCommands(program);
  registerInstanceCommands(program);
  registerApply(program);
  registerBuildCommands(program);
  registerJobCommands(program);
  registerBackupCommands(program);
  registerRolloutCommands(program);
  registerRouteCommands(program);
  registerScheduleCommands(program);
  registerStreamCommands(program);
  registerTrustCommands(program);
  registerVolumeCommands(program);
  registerWebhookCommands(program);
  registerAuditCommands(program);
  const override = (cmd: Command): void => {
    for (const sub of cmd.commands) {
      sub.exitOverride();
      override(sub);
    }
  };
  override(program);
  return program;
}

/** Runs the CLI with `argv` (user arguments only) and returns the exit code; never throws. */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.OK;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version are "errors" with exit code 0; usage errors were already printed.
      return err.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
    }
    const known = toCliError(err);
    if (known) {
      process.stderr.write(`error: ${known.message}\n`);
      return known.exitCode;
    }
    process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return ExitCode.FAILED;
  }
}
