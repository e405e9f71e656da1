import type { Command } from 'commander';
import type { WheelhouseClient } from '../../client/client.js';
import {
  CancelOperationDocument,
  InstanceJobsDocument,
  type JobFieldsFragment,
  JobLogPageDocument,
  type JobLogPageQuery,
  RunJobDocument,
} from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { durationOf } from '../build-follow.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import { INTERRUPTED } from '../follow-operation.js';
import type { Output } from '../output.js';
import { type GlobalOptions, requireInstance, withSession } from '../session.js';

type Job = JobFieldsFragment;
const ENDED = new Set(['SUCCEEDED', 'FAILED', 'CANCELED', 'TIMED_OUT', 'MISSED', 'SKIPPED']);
/** How often a running job's log is read again. */
const POLL_MS = 250;

interface RunOptions extends GlobalOptions {
  env?: string[];
  timeout?: number;
  detach?: boolean;
}

/** `run NAME SERVICE -- CMD…` and `jobs NAME`. */
export function registerJobCommands(program: Command): void {
  program
    .command('run')
    .description(
      "run a command to completion in a service's image, env, secrets and volumes; prints its output and exits with its exit code",
    )
    .argument('<name>', 'instance name')
    .argument('<service>', 'the service whose image, env, secrets and volumes it runs with')
    .argument('<command...>', 'the command and its arguments (after --)')
    .option('-e, --env <NAME=VALUE>', 'add or override an env variable (repeatable)', collect, [])
    .option('--timeout <seconds>', 'end it TIMED_OUT after this long (default 3600)', (v) => Number(v))
    .option('-d, --detach', 'queue it and print its id without waiting')
    .action(async (name: string, service: string, command: string[], _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<RunOptions>();
      const env = (opts.env ?? []).map(parseEnv);
      await withSession(opts, async ({ client, out }) => {
        const instance = await requireInstance(client, name);
        const queued = unwrap(
          (
            await client.request(RunJobDocument, {
              input: {
                instanceId: instance.id,
                service,
                command,
                ...(env.length ? { env } : {}),
                ...(opts.timeout !== undefined ? { timeoutSeconds: opts.timeout } : {}),
              },
            })
          ).runJob,
        );
        if (opts.detach) {
          out.result({ job: queued.job }, `job ${queued.job.id} ${queued.job.status}`);
          return;
        }
        // Ctrl-C cancels the job (as it would stop a command run in a terminal), then follows it to its end.
        let interrupted = false;
        const onSigint = () => {
          if (interrupted) process.exit(INTERRUPTED);
          interrupted = true;
          process.stderr.write(`canceling job ${queued.job.id} (Ctrl-C again to stop waiting)\n`);
          void client
            .request(CancelOperationDocument, { input: { operationId: queued.operation.id } })
            .catch(() => undefined);
        };
        process.on('SIGINT', onSigint);
        let job: Job;
        try {
          job = await followJob(client, out, queued.job.id);
        } finally {
          process.removeListener('SIGINT', onSigint);
        }
        out.result({ job });
        process.exitCode = interrupted && job.status === 'CANCELED' ? INTERRUPTED : exitCodeOf(job);
        if (job.status !== 'SUCCEEDED')
          process.stderr.write(`job ${job.id} ${job.status}${job.error ? `: ${oneLine(job.error)}` : ''}\n`);
      });
    });

  program
    .command('jobs')
    .description("an instance's jobs, newest first: status, service, command, exit code, duration")
    .argument('<name>', 'instance name')
    .option('--limit <n>', 'how many (default 20)', (v) => Number(v))
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { limit?: number }>();
      await withSession(opts, async ({ client, out }) => {
        const instance = await requireInstance(client, name);
        const data = await client.request(InstanceJobsDocument, { id: instance.id, first: opts.limit ?? 20 });
        const jobs = data.instance?.jobs.edges.map((e) => e.node) ?? [];
        out.table(
          ['JOB', 'SERVICE', 'STATUS', 'EXIT', 'DURATION', 'COMMAND'],
          jobs.map((j) => [
            j.id,
            j.service,
            j.status,
            j.exitCode == null ? null : String(j.exitCode),
            durationOf(j).replace(/^, /, '') || null,
            j.command.join(' '),
          ]),
          jobs,
        );
      });
    });
}

/**
 * Prints a job's output as it is stored (each page after the last line
 * printed, so a line is printed once) until the job has ended and its last
 * page is read; returns the ended job.
 */
export async function followJob(client: WheelhouseClient, out: Output, jobId: string): Promise<Job> {
  let after: string | null = null;
  for (;;) {
    const page: JobLogPageQuery = await client.request(JobLogPageDocument, { id: jobId, first: 1000, after });
    const node = page.node;
    if (node?.__typename !== 'Job') throw new CliError(`no job ${jobId}`, ExitCode.FAILED);
    // Whether it had ended is read with the page: a line stored before the end is in this page or a next one.
    for (const e of node.logs.edges) out.line(e.node.line);
    after = node.logs.pageInfo.endCursor ?? after;
    if (node.logs.pageInfo.hasNextPage) continue;
    if (ENDED.has(node.status)) return node;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The job's own exit code when it exited; 1 when it never did (timed out, canceled, could not run). */
export function exitCodeOf(job: Job): number {
  if (job.status === 'SUCCEEDED') return ExitCode.OK;
  return job.exitCode != null && job.exitCode !== 0 ? job.exitCode : ExitCode.FAILED;
}

function parseEnv(pair: string): { name: string; value: string } {
  const i = pair.indexOf('=');
  if (i <= 0) throw usageError(`--env takes NAME=VALUE, not "${pair}"`);
  return { name: pair.slice(0, i), value: pair.slice(i + 1) };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
