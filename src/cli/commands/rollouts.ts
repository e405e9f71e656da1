import type { Command } from 'commander';
import { CancelOperationDocument, PromoteOperationDocument } from '../../client/generated/graphql.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { runLifecycle } from '../lifecycle.js';
import { type RunningRollout, runningRollout } from '../running-rollout.js';
import { followTarget, type GlobalOptions, requireInstance, type Session, withSession } from '../session.js';

interface RolloutCommandOptions extends GlobalOptions {
  wait?: boolean;
  full?: boolean;
}

/** `promote` and `abort`: move an instance's running canary on, or take it back. */
export function registerRolloutCommands(program: Command): void {
  program
    .command('promote')
    .description("move an instance's running canary to its next step now (--full: straight to 100 %)")
    .argument('<name>', 'instance name')
    .option('--full', 'skip every remaining step and pause')
    .option('--wait', 'follow the rollout to its end, printing progress (exit 1 if it is aborted)')
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<RolloutCommandOptions>();
      await onRunningRollout(name, opts, 'promote', async (session, operationId) => {
        const data = await session.client.request(PromoteOperationDocument, {
          input: { operationId, full: opts.full === true },
        });
        return data.promoteOperation;
      });
    });

  program
    .command('abort')
    .description("abort an instance's running canary: every request back to the stable release, the new set removed")
    .argument('<name>', 'instance name')
    .option('--wait', 'follow the rollout until it has ended (exit 1: it ends CANCELED)')
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<RolloutCommandOptions>();
      await onRunningRollout(name, opts, 'abort', async (session, operationId) => {
        const data = await session.client.request(CancelOperationDocument, { input: { operationId } });
        return data.cancelOperation;
      });
    });
}

/** `canary at 50%`; a blue-green's new release has no share of the route before its switch, only its preview. */
function whereItStands(r: RunningRollout['rollout']): string {
  if (r.strategy !== 'BLUE_GREEN') return `canary at ${r.canaryWeight}%`;
  return r.canaryWeight === 0 ? 'blue-green: the new release at its preview only' : `blue-green at ${r.canaryWeight}%`;
}

/** Finds the instance's running rollout (one line and exit 1 when there is none), says what is asked, sends it. */
async function onRunningRollout<R extends { __typename?: string }>(
  name: string,
  opts: RolloutCommandOptions,
  verb: 'promote' | 'abort',
  send: (session: Session, operationId: string) => Promise<R>,
): Promise<void> {
  await withSession(opts, async (session) => {
    const { client, out } = session;
    const instance = await requireInstance(client, name);
    const running = await runningRollout(client, instance.id);
    if (!running) throw new CliError(`${name} has no rollout running (nothing to ${verb})`, ExitCode.FAILED);
    const r = running.rollout;
    const what =
      verb === 'abort'
        ? `abort requested: every request back to v${r.stableRelease?.version ?? '?'}`
        : opts.full
          ? 'full promotion requested: straight to 100%'
          : r.stepIndex + 1 < r.steps.length
            ? `promotion requested: step ${r.stepIndex + 2}/${r.steps.length}, ${r.steps[r.stepIndex + 1]?.weight}%`
            : 'promotion requested: 100%';
    const target = await followTarget(client, instance);
    await runLifecycle(
      session,
      target,
      async () => {
        const result = await send(session, running.operationId);
        // Said once the server took it: a refused request prints only its error.
        if (!('__typename' in result) || !String(result.__typename).endsWith('Error'))
          out.line(`${name}: ${what} (${whereItStands(r)})`);
        return result;
      },
      opts.wait ?? false,
    );
  });
}
