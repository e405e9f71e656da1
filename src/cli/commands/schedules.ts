import type { Command } from 'commander';
import type { WheelhouseClient } from '../../client/client.js';
import {
  type ConcurrencyPolicy,
  CreateScheduleDocument,
  DeleteScheduleDocument,
  InstanceSchedulesDocument,
  type ScheduleFieldsFragment,
  UpdateScheduleDocument,
} from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import { type GlobalOptions, requireInstance, withSession } from '../session.js';

interface AddOptions extends GlobalOptions {
  name: string;
  service: string;
  cron: string;
  tz?: string;
  concurrency?: string;
  timeout?: number;
  deadline?: number;
  history?: number;
  suspended?: boolean;
}

const POLICIES: Record<string, ConcurrencyPolicy> = { allow: 'ALLOW', forbid: 'FORBID', replace: 'REPLACE' };

/** The instance's schedules. */
async function schedulesOf(client: WheelhouseClient, name: string): Promise<ScheduleFieldsFragment[]> {
  const instance = await requireInstance(client, name);
  const r = await client.request(InstanceSchedulesDocument, { id: instance.id });
  return r.instance?.schedules ?? [];
}

/** One schedule of the instance by its name. */
async function scheduleNamed(
  client: WheelhouseClient,
  name: string,
  schedule: string,
): Promise<ScheduleFieldsFragment> {
  const found = (await schedulesOf(client, name)).find((s) => s.name === schedule);
  if (!found) throw new CliError(`instance "${name}" has no schedule "${schedule}"`, ExitCode.FAILED);
  return found;
}

/** `wheelhouse schedules ls|add|rm|pause|resume`: an instance's cron schedules of jobs (issue 35). */
export function registerScheduleCommands(program: Command): void {
  const schedules = program
    .command('schedules')
    .description("an instance's cron schedules of jobs: list, add, pause, resume or remove them");
  schedules
    .command('ls')
    .description("list an instance's schedules with their next run (UTC) and last result")
    .argument('<name>', 'instance name')
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const rows = await schedulesOf(client, name);
        out.table(
          ['NAME', 'SERVICE', 'CRON', 'TZ', 'CONCURRENCY', 'NEXT', 'LAST', 'COMMAND'],
          rows.map((s) => [
            s.name,
            s.service,
            s.cron,
            s.timeZone,
            s.concurrency,
            s.suspended ? 'paused' : s.nextRunAt,
            s.lastJob ? `${s.lastJob.status} (${s.lastJob.scheduledAt ?? '-'})` : null,
            s.backup ? `backup of volume ${s.backup.volume} (${s.backup.consistency})` : s.command.join(' '),
          ]),
          rows,
        );
      });
    });
  schedules
    .command('add')
    .description('add a schedule: the command runs as a job at each tick of the cron expression')
    .argument('<name>', 'instance name')
    .argument('<command...>', 'the command and its arguments (after --)')
    .requiredOption('--name <schedule>', 'the schedule name (unique in the instance)')
    .requiredOption('--service <service>', 'the service whose image, env, secrets and volumes it runs with')
    .requiredOption('--cron <expr>', "five cron fields or @hourly/@daily/@weekly/@monthly, e.g. '30 2 * * *'")
    .option('--tz <zone>', 'an IANA time zone (default UTC)')
    .option('--concurrency <policy>', 'allow, forbid (default) or replace, while the previous run still goes')
    .option('--timeout <seconds>', 'end each run TIMED_OUT after this long (default 3600)', (v) => Number(v))
    .option('--deadline <seconds>', 'a run not started this long after its time is MISSED (default 300)', (v) =>
      Number(v),
    )
    .option('--history <n>', 'ended jobs kept (default 20)', (v) => Number(v))
    .option('--suspended', 'add it paused')
    .action(async (name: string, command: string[], _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<AddOptions>();
      const concurrency = opts.concurrency === undefined ? undefined : POLICIES[opts.concurrency.toLowerCase()];
      if (opts.concurrency !== undefined && !concurrency)
        throw usageError(`--concurrency must be allow, forbid or replace, not "${opts.concurrency}"`);
      await withSession(opts, async ({ client, out }) => {
        const instance = await requireInstance(client, name);
        const r = unwrap(
          (
            await client.request(CreateScheduleDocument, {
              input: {
                instanceId: instance.id,
                schedule: {
                  name: opts.name,
                  service: opts.service,
                  command,
                  cron: opts.cron,
                  ...(opts.tz !== undefined ? { timeZone: opts.tz } : {}),
                  ...(concurrency ? { concurrency } : {}),
                  ...(opts.timeout !== undefined ? { timeoutSeconds: opts.timeout } : {}),
                  ...(opts.deadline !== undefined ? { startingDeadlineSeconds: opts.deadline } : {}),
                  ...(opts.history !== undefined ? { historyLimit: opts.history } : {}),
                  ...(opts.suspended ? { suspended: true } : {}),
                },
              },
            })
          ).createSchedule,
        );
        const s = r.schedule;
        out.result(r, `schedule ${s.name} added: ${s.cron} (${s.timeZone}), next run ${s.nextRunAt ?? 'paused'}`);
      });
    });
  for (const [verb, suspended] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    schedules
      .command(verb)
      .description(suspended ? 'pause a schedule: no tick runs' : 'resume a schedule from now')
      .argument('<name>', 'instance name')
      .argument('<schedule>', 'the schedule name')
      .action(async (name: string, schedule: string, _o, cmd: Command) => {
        const opts = cmd.optsWithGlobals<GlobalOptions>();
        await withSession(opts, async ({ client, out }) => {
          const found = await scheduleNamed(client, name, schedule);
          const r = unwrap(
            (await client.request(UpdateScheduleDocument, { input: { id: found.id, suspended } })).updateSchedule,
          );
          out.result(r, `schedule ${schedule} ${suspended ? 'paused' : `resumed, next run ${r.schedule.nextRunAt}`}`);
        });
      });
  }
  schedules
    .command('rm')
    .description('remove a schedule (its jobs stay; a running one is not stopped)')
    .argument('<name>', 'instance name')
    .argument('<schedule>', 'the schedule name')
    .action(async (name: string, schedule: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const found = await scheduleNamed(client, name, schedule);
        const r = unwrap((await client.request(DeleteScheduleDocument, { input: { id: found.id } })).deleteSchedule);
        out.result(r, `schedule ${schedule} removed`);
      });
    });
}
