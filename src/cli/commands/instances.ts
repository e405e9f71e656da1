import type { Command } from 'commander';
import type { WheelhouseClient as Client } from '../../client/client.js';
import {
  type AutoscaleInput,
  DeployInstanceDocument,
  type DeployStrategy,
  DeprovisionInstanceDocument,
  ExecInstanceDocument,
  type InstanceFieldsFragment,
  InstancesDocument,
  ReleasesDocument,
  RestartInstanceDocument,
  RollbackInstanceDocument,
  ScaleInstanceDocument,
  StartInstanceDocument,
  StopInstanceDocument,
} from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { type AutoscalePolicy, describePolicy } from '../apply-plan.js';
import { type BuildFlags, collectBuildArg, collectSecret, wantsBuild } from '../build-flags.js';
import {
  canaryInputOf,
  parseCount,
  parseDuration,
  parseRate,
  parseSteps,
  parseStrategy,
  type RolloutFlags,
} from '../canary-flags.js';
import { deployFromSource } from '../deploy-build.js';
import { readStdin, wantsStdin } from '../exec-stdin.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import { runLifecycle } from '../lifecycle.js';
import { describeRollout } from '../rollout-lines.js';
import { runningRollout } from '../running-rollout.js';
import { followTarget, type GlobalOptions, requireInstance, withSession } from '../session.js';

interface WaitOptions extends GlobalOptions {
  wait?: boolean;
}

const WAIT_HELP = 'follow the operation to its end, printing progress (exit 1 if it fails)';

export function registerInstanceCommands(program: Command): void {
  program
    .command('ls')
    .description('list instances')
    .option('--all', 'include destroyed instances')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { all?: boolean }>();
      await withSession(opts, async ({ client, out }) => {
        const filters = opts.all ? [undefined, { desiredState: 'DESTROYED' as const }] : [undefined];
        const nodes: InstanceFieldsFragment[] = [];
        for (const filter of filters) {
          const data = await client.request(InstancesDocument, { first: 100, filter });
          nodes.push(...data.instances.edges.map((e) => e.node));
        }
        out.table(
          ['NAME', 'STATE', 'READY', 'DESIRED', 'PROVIDER', 'RELEASE', 'SERVICES'],
          nodes.map((n) => [
            n.name,
            n.state,
            n.ready ? 'yes' : 'no',
            n.desiredState,
            n.provider?.key,
            n.currentRelease ? `v${n.currentRelease.version}` : null,
            n.services.map((s) => `${s.name}=${s.image}`).join(' '),
          ]),
          nodes,
        );
      });
    });

  program
    .command('status')
    .description("an instance's state, services, endpoints and last operation")
    .argument('<name>', 'instance name')
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const i = await requireInstance(client, name);
        if (out.json) return out.result(i);
        const lines = [
          `name:      ${i.name}`,
          `state:     ${i.state}${i.ready ? ' (ready)' : ' (not ready)'}, desired ${i.desiredState}`,
          `provider:  ${i.provider?.key ?? '-'}`,
          `release:   ${i.currentRelease ? `v${i.currentRelease.version}` : '-'}   version ${i.version}   restarts ${i.restarts}`,
          ...(i.sourceType && i.sourceType !== 'SERVICES' ? [`source:    ${i.sourceType}`] : []),
          ...(i.message ? [`message:   ${i.message}`] : []),
          ...(i.lastOperation
            ? [
                `operation: ${i.lastOperation.kind} ${i.lastOperation.status}${i.lastOperation.readinessOutcome ? ` (${i.lastOperation.readinessOutcome})` : ''}`,
              ]
            : []),
          ...i.endpoints.map((e) => `endpoint:  ${e.serviceName ?? '-'} ${e.url}`),
          ...(await rolloutLines(client, i)),
          '',
        ];
        out.line(lines.join('\n'));
        // A source instance (issue 26) lists the objects it applied instead of services.
        if (i.sourceType && i.sourceType !== 'SERVICES') {
          out.table(
            ['KIND', 'NAME', 'NAMESPACE', 'READY', 'MESSAGE'],
            i.objects.map((o) => [
              o.kind,
              o.name,
              o.namespace ?? '-',
              o.ready == null ? '-' : o.ready ? 'yes' : 'no',
              o.message ?? '',
            ]),
            i,
          );
          return;
        }
        out.table(
          ['SERVICE', 'ROLE', 'IMAGE', 'STATE', 'READY', 'RESTARTS', 'REPLICAS', 'AUTOSCALE'],
          i.services.map((s) => [
            s.name,
            s.role,
            imageCell(s.name, s.image, i.currentRelease?.snapshots),
            s.status.state,
            s.status.ready ? 'yes' : 'no',
            s.status.restarts,
            s.resources?.replicas ?? 1,
            autoscaleCell(s),
          ]),
          i,
        );
        for (const s of i.services) if (s.autoscale?.message) out.line(`autoscale ${s.name}: ${s.autoscale.message}`);
      });
    });

  program
    .command('deploy')
    .description(
      'deploy new images to some services: deploy NAME web=image:tag [worker=image:tag…]; build one from source: deploy NAME --from DIR (or --git URL#REF) [--service web]; a canary: --strategy canary --steps 10,50',
    )
    .argument('<name>', 'instance name')
    .argument('[service=image...]', 'services and their new images (not with --from/--git)')
    .option('--from <dir>', 'build from this directory (uploaded, honouring its .dockerignore), then deploy')
    .option('--git <url#ref>', 'build from a git repository at a branch, tag or commit (default HEAD), then deploy')
    .option('--git-credential <key>', 'git: the vault key holding an https token or an SSH private key')
    .option('--service <service>', 'build: the service to build and deploy (MAIN when omitted)')
    .option('--context-path <path>', 'build: the context directory inside the source (default .)')
    .option('--dockerfile <path>', 'build: the Dockerfile, relative to the context (default Dockerfile)')
    .option('--target <stage>', 'build: the multi-stage target')
    .option('--build-arg <name=value>', 'build: a build argument (repeat for more; not for secrets)', collectBuildArg)
    .option(
      '--secret <id=vaultkey>',
      'build: RUN --mount=type=secret,id=ID reads the vault key (repeat for more)',
      collectSecret,
    )
    .option('--no-deploy', 'build: build the image only, do not deploy it')
    .option('--strategy <strategy>', 'rolling | recreate | canary | blue-green', parseStrategy)
    .option(
      '--steps <weights>',
      "canary: the new release's share of requests at each step, e.g. 10,50 (then 100)",
      parseSteps,
    )
    .option(
      '--pause <duration>',
      'canary: how long each step holds (30s, 2m); without it each step waits for promote',
      (v) => parseDuration('--pause', v),
    )
    .option(
      '--max-error-rate <rate>',
      'canary: the largest 5xx share an analysis interval may have (0.05 or 5%)',
      parseRate,
    )
    .option('--interval <duration>', 'canary: time between two analysis runs (10s)', (v) =>
      parseDuration('--interval', v),
    )
    .option(
      '--min-requests <n>',
      'canary: fewer requests in an interval is inconclusive (20)',
      parseCount('--min-requests', 0),
    )
    .option('--failure-limit <n>', 'canary: failed intervals that abort it (1)', parseCount('--failure-limit', 1))
    .option('--wait', WAIT_HELP)
    .option('--no-wait', 'canary and builds: do not follow it (they are followed unless this is given)')
    .action(async (name: string, pairs: string[], _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<
        WaitOptions & RolloutFlags & BuildFlags & { strategy?: DeployStrategy; service?: string }
      >();
      const build = wantsBuild(opts, pairs);
      const services = pairs.map((pair, index) => {
        const eq = pair.indexOf('=');
        if (eq <= 0 || eq === pair.length - 1) {
          throw usageError(`services.${index}: "${pair}" is not service=image:tag`);
        }
        return { name: pair.slice(0, eq), image: pair.slice(eq + 1) };
      });
      const strategy = opts.strategy as DeployStrategy | undefined;
      const canary = canaryInputOf(strategy, opts);
      // A progressive rollout is followed by default: its steps, analysis and verdict are the point.
      // So is a build: its log is what the user waits for.
      const progressive = strategy === 'CANARY' || strategy === 'BLUE_GREEN';
      const wait = opts.wait ?? (progressive || build);
      await withSession(opts, async (session) => {
        const { client } = session;
        const instance = await requireInstance(client, name);
        if (build) {
          const service = opts.service ?? instance.services.find((s) => s.role === 'MAIN')?.name;
          if (!service) throw usageError(`--service: ${name} has no MAIN service; name the one to build`);
          await deployFromSource(
            session,
            await followTarget(client, instance),
            service,
            opts,
            { strategy, ...(canary ? { canary } : {}) },
            wait,
          );
          return;
        }
        await runLifecycle(
          session,
          await followTarget(client, instance),
          async () =>
            (
              await client.request(DeployInstanceDocument, {
                input: { instanceId: instance.id, services, strategy, ...(canary ? { canary } : {}) },
              })
            ).deployInstance,
          wait,
        );
      });
    });

  program
    .command('rollback')
    .description('go back to an earlier release (the previous one unless --to)')
    .argument('<name>', 'instance name')
    .option('--to <version>', 'the release to restore, e.g. v2')
    .option('--wait', WAIT_HELP)
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<WaitOptions & { to?: string }>();
      const wanted = opts.to === undefined ? undefined : Number(opts.to.replace(/^v/i, ''));
      if (wanted !== undefined && !(Number.isInteger(wanted) && wanted > 0)) {
        throw usageError(`--to: "${opts.to}" is not a release version like v2`);
      }
      await withSession(opts, async (session) => {
        const { client } = session;
        const instance = await requireInstance(client, name);
        const data = await client.request(ReleasesDocument, { instanceId: instance.id, first: 100 });
        const releases = data.releases.edges.map((e) => e.node);
        const current = instance.currentRelease?.version;
        const target =
          wanted === undefined
            ? releases
                .filter((r) => current === undefined || r.version < current)
                .sort((a, b) => b.version - a.version)[0]
            : releases.find((r) => r.version === wanted);
        if (!target) {
          throw new CliError(
            wanted === undefined ? `${name} has no release before v${current}` : `${name} has no release v${wanted}`,
            ExitCode.FAILED,
          );
        }
        session.out.line(`${name}: rollback from v${current ?? '?'} to v${target.version}`);
        await runLifecycle(
          session,
          await followTarget(client, instance),
          async () =>
            (
              await client.request(RollbackInstanceDocument, {
                input: { instanceId: instance.id, releaseId: target.id },
              })
            ).rollbackInstance,
          opts.wait ?? false,
        );
      });
    });

  program
    .command('scale')
    .description("change a service's replicas and limits")
    .argument('<name>', 'instance name')
    .option('--service <service>', 'the service (MAIN when omitted)')
    .option('--replicas <n>', 'replicas', integer('--replicas'))
    .option('--cpu <cpu>', 'CPU: cores (0.5) or millicores (500m)', cpuMillis)
    .option('--memory <memory>', 'memory limit: MiB (256), 256Mi or 1Gi', memoryMb)
    .option('--min <n>', 'autoscale: fewest replicas', integer('--min'))
    .option('--max <n>', 'autoscale: most replicas', integer('--max'))
    .option('--target-cpu <percent>', 'autoscale: CPU per replica, percent of its CPU (1–100)', integer('--target-cpu'))
    .option('--autoscale <off>', 'off: remove the autoscaling policy (replicas stay, or --replicas)')
    .option('--wait', WAIT_HELP)
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<WaitOptions & ScaleFlags>();
      const policyFlags = policyFlagsOf(opts);
      if (opts.replicas === undefined && opts.cpu === undefined && opts.memory === undefined && !policyFlags) {
        throw usageError(
          'scale: give at least one of --replicas, --cpu, --memory, --min/--max/--target-cpu, --autoscale off',
        );
      }
      await withSession(opts, async (session) => {
        const { client } = session;
        const instance = await requireInstance(client, name);
        const service = opts.service
          ? instance.services.find((s) => s.name === opts.service)
          : instance.services.find((s) => s.role === 'MAIN');
        const autoscale = policyFlags ? autoscaleFromFlags(opts, service?.resources?.autoscale) : undefined;
        const resources = { replicas: opts.replicas, cpuMillis: opts.cpu, memoryMb: opts.memory, autoscale };
        await runLifecycle(
          session,
          await followTarget(client, instance),
          async () =>
            (
              await client.request(ScaleInstanceDocument, {
                input: { instanceId: instance.id, service: opts.service, resources },
              })
            ).scaleInstance,
          opts.wait ?? false,
        );
      });
    });

  const actions = {
    start: async (c: Client, input: { instanceId: string }) =>
      (await c.request(StartInstanceDocument, { input })).startInstance,
    stop: async (c: Client, input: { instanceId: string }) =>
      (await c.request(StopInstanceDocument, { input })).stopInstance,
    restart: async (c: Client, input: { instanceId: string }) =>
      (await c.request(RestartInstanceDocument, { input })).restartInstance,
    destroy: async (c: Client, input: { instanceId: string }, deleteVolumes?: boolean) =>
      (await c.request(DeprovisionInstanceDocument, { input, deleteVolumes: deleteVolumes === true }))
        .deprovisionInstance,
  } as const;
  for (const [action, send] of Object.entries(actions)) {
    const command = program
      .command(action)
      .description(
        `${action} an instance${action === 'destroy' ? ' (deprovision: removes its containers; volumes and their data are kept unless --delete-volumes)' : ''}`,
      )
      .argument('<name>', 'instance name')
      .option('--wait', WAIT_HELP);
    if (action === 'destroy') command.option('--delete-volumes', 'also delete its volumes and their data, for good');
    command.action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<WaitOptions & { deleteVolumes?: boolean }>();
      await withSession(opts, async (session) => {
        const { client } = session;
        const instance = await requireInstance(client, name);
        await runLifecycle(
          session,
          await followTarget(client, instance),
          (): Promise<{ __typename?: string }> => send(client, { instanceId: instance.id }, opts.deleteVolumes),
          opts.wait ?? false,
        );
      });
    });
  }

  program
    .command('exec')
    .description(
      'run a command in a service: exec NAME [--service S] -- CMD [ARGS…]; exits with its exit code. ' +
        'Piped stdin is sent to it; it is killed after 30 s unless --timeout says otherwise (at most 300)',
    )
    .argument('<name>', 'instance name')
    .argument('<command...>', 'the command and its arguments (after --)')
    .option('--service <service>', 'the service (MAIN when omitted)')
    .option(
      '--timeout <seconds>',
      'kill it after this many seconds (default 30, at most 300; exit 124)',
      integer('--timeout'),
    )
    .option(
      '-i, --stdin',
      "send this command's standard input (text, at most 1 MiB; default when it is a pipe or file)",
    )
    .option('--no-stdin', 'send no standard input, even from a pipe')
    .action(async (name: string, command: string[], _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { service?: string; timeout?: number; stdin?: boolean }>();
      // Read before the session: a pipe that is too large fails without a request.
      const stdin = wantsStdin(opts.stdin) ? await readStdin() : undefined;
      const code = await withSession(opts, async ({ client, out }) => {
        const instance = await requireInstance(client, name);
        const data = await client.request(ExecInstanceDocument, {
          input: {
            instanceId: instance.id,
            service: opts.service,
            command,
            timeoutSeconds: opts.timeout,
            ...(stdin !== undefined ? { stdin } : {}),
          },
        });
        const r = unwrap(data.execInstance);
        if (out.json) out.result({ exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr });
        else {
          process.stdout.write(r.stdout);
          process.stderr.write(r.stderr);
        }
        return r.exitCode;
      });
      process.exitCode = code;
    });
}

/** A running canary's lines for `status` (none unless an operation is still going). */
/**
 * A service's image as it serves: the current release's, then `→ new` while the
 * spec already names another (a canary or blue-green in progress, a deploy not
 * yet made current), so the table never shows the new image under the old release.
 */
export function imageCell(
  service: string,
  specImage: string,
  serving: readonly { name: string; image: string }[] | undefined,
): string {
  const current = serving?.find((x) => x.name === service)?.image;
  return current && current !== specImage ? `${current} → ${specImage}` : specImage;
}

async function rolloutLines(client: Client, i: InstanceFieldsFragment): Promise<string[]> {
  const status = i.lastOperation?.status;
  if (status !== 'RUNNING' && status !== 'QUEUED') return [];
  const running = await runningRollout(client, i.id);
  return running ? describeRollout(running.operationId, running.rollout) : [];
}

interface ScaleFlags {
  service?: string;
  replicas?: number;
  cpu?: number;
  memory?: number;
  min?: number;
  max?: number;
  targetCpu?: number;
  autoscale?: string;
}

/** True when the flags touch the autoscaling policy; `--autoscale` takes only `off`, alone. */
function policyFlagsOf(o: ScaleFlags): boolean {
  const sets = o.min !== undefined || o.max !== undefined || o.targetCpu !== undefined;
  if (o.autoscale !== undefined) {
    if (o.autoscale !== 'off')
      throw usageError(`--autoscale: "${o.autoscale}" is not off (set a policy with --min, --max, --target-cpu)`);
    if (sets) throw usageError('--autoscale: off removes the policy; do not give --min, --max or --target-cpu with it');
  }
  return sets || o.autoscale !== undefined;
}

/**
 * The AutoscaleInput the flags ask for (null: remove). Flags left out keep the
 * live policy's value, so `--max 5` alone changes only the bound.
 */
function autoscaleFromFlags(o: ScaleFlags, live: AutoscalePolicy | null | undefined): AutoscaleInput | null {
  if (o.autoscale === 'off') return null;
  const min = o.min ?? live?.minReplicas;
  const max = o.max ?? live?.maxReplicas;
  const cpu = o.targetCpu ?? live?.targetCpuPercent ?? undefined;
  if (min === undefined) throw usageError('--min: required to set a policy (the service has none yet)');
  if (max === undefined) throw usageError('--max: required to set a policy (the service has none yet)');
  if (min > max) throw usageError(`--min: must not be above --max (${max})`);
  if (cpu === undefined && live?.targetRequestsPerSecond == null)
    throw usageError('--target-cpu: required to set a policy (the service has no target yet)');
  return {
    minReplicas: min,
    maxReplicas: max,
    ...(cpu !== undefined ? { targetCpuPercent: cpu } : {}),
    ...(live?.targetRequestsPerSecond != null ? { targetRequestsPerSecond: live.targetRequestsPerSecond } : {}),
    ...(live ? { scaleUpStabilizationSeconds: live.scaleUpStabilizationSeconds } : {}),
    ...(live ? { scaleDownStabilizationSeconds: live.scaleDownStabilizationSeconds } : {}),
  };
}

/** `1–3, cpu 50% (desired 2, current 1)`, or `-` for a service without a policy. */
function autoscaleCell(s: InstanceFieldsFragment['services'][number]): string {
  const policy = s.resources?.autoscale;
  if (!policy) return '-';
  const status = s.autoscale ? ` (desired ${s.autoscale.desiredReplicas}, current ${s.autoscale.currentReplicas})` : '';
  return `${describePolicy(policy)}${status}`;
}

function integer(flag: string) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw usageError(`${flag}: "${raw}" is not a whole number`);
    return n;
  };
}

/** "0.5" or "500m" → 500 millicores. */
export function cpuMillis(raw: string): number {
  const m = /^(\d+)m$/.exec(raw);
  const n = m ? Number(m[1]) : Number(raw) * 1000;
  if (!Number.isInteger(n) || n <= 0) throw usageError(`--cpu: "${raw}" is not cores (0.5) or millicores (500m)`);
  return n;
}

/** "256", "256Mi", "256M", "1Gi", "1G" → MiB. */
export function memoryMb(raw: string): number {
  const m = /^(\d+(?:\.\d+)?)(Mi|M|Gi|G)?$/.exec(raw);
  const n = m ? Number(m[1]) * (m[2]?.startsWith('G') ? 1024 : 1) : Number.NaN;
  if (!Number.isInteger(n) || n <= 0) throw usageError(`--memory: "${raw}" is not MiB (256), 256Mi or 1Gi`);
  return n;
}
