/**
 * Jobs, the provider side (issue 35): the optional engine
 * `Provider.engines.jobs` (engines.ts) that runs one command to completion
 * in a service's image, with the service's env, secrets, config files,
 * volumes and network, never receiving routed traffic. The control plane
 * owns everything around it (the JOB operation, the vault, the log record,
 * the events, a deploy's release command); the engine only runs the command,
 * reports its output and says how it ended.
 *
 * Nothing it started is left on the platform after a run ends, whichever way
 * it ends; what a crashed process left is found again by the job's id
 * (`removeLeftovers`, called before a job is run again).
 */
import type { BuildOutputLine, BuildSink } from './builds.js';
import type { CallContext } from './provider.js';
import type { ServiceSpec } from './service-spec.js';

/** One line of a job's output: the same shape as a build's, so both share one log store. */
export type JobOutputLine = BuildOutputLine;
/** Where an engine reports a job's output while it runs. Calls are synchronous and cheap. */
export type JobSink = BuildSink;

/** What to run. */
export interface JobRequest {
  /** The job's id: names and labels what the engine creates, so leftovers are found again. */
  jobId: string;
  instanceId: string;
  tenantId: string;
  /** The service whose image, env, secrets, config files and volumes the command runs with. */
  service: ServiceSpec;
  /** The command, replacing the image's entrypoint (Kubernetes' `command`). */
  command: string[];
  /** Env added to (and overriding) the service's. */
  env: Readonly<Record<string, string>>;
  /** Values of the service's secret refs, by vault key (never written to a line, a label or an error). */
  secretValues: Readonly<Record<string, string>>;
  /** The run is ended (TIMED_OUT) after this long. */
  timeoutMs: number;
}

/** How a run ended. */
export interface JobResult {
  /** The command's exit code; null when it timed out before exiting. */
  exitCode: number | null;
  /** It was ended at `timeoutMs`. */
  timedOut: boolean;
}

/**
 * Runs jobs. An aborted `ctx.signal` stops the command, removes what the
 * engine created and throws CanceledError; an unreachable platform throws a
 * ProviderError of kind `unavailable`; a spec the platform refuses,
 * `invalid_spec`.
 */
export interface JobEngine {
  /** Runs `req` to completion, its output on `sink`; nothing of it remains afterwards. */
  run: (ctx: CallContext, req: JobRequest, sink: JobSink) => Promise<JobResult>;
  /** Removes whatever a previous run of `jobId` left (a process that crashed mid-run); answers how many. */
  removeLeftovers: (ctx: CallContext, instanceId: string, jobId: string) => Promise<number>;
}

/**
 * A schedule the platform runs itself (Kubernetes' CronJob): what it is
 * applied from. The job part is a JobRequest's, so the platform's runs get
 * the same pod a one-off job gets; `jobId` is the schedule's id.
 */
export interface PlatformScheduleSpec extends JobRequest {
  scheduleId: string;
  /** The schedule's name (shown on the platform's object). */
  name: string;
  /** Five fields or @hourly/@daily/@weekly/@monthly/@yearly. */
  cron: string;
  /** An IANA zone. */
  timeZone: string;
  concurrency: 'allow' | 'forbid' | 'replace';
  startingDeadlineSeconds: number;
  /** Finished runs the platform keeps (succeeded and failed, each). */
  historyLimit: number;
  /** No run starts while true (the schedule is suspended, or its instance is not running). */
  suspended: boolean;
}

/** Where a platform-run schedule is: the instance and schedule its object names. */
export interface PlatformScheduleRef {
  instanceId: string;
  scheduleId: string;
}

/** One run the platform started for a schedule, as read back. */
export interface PlatformRun {
  /** The platform's own id of the run (a Job's uid): never reused. */
  runId: string;
  /** The run's object name (what runLog takes). */
  name: string;
  /** The cron time it ran for, when the platform says. */
  scheduledAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  status: 'running' | 'succeeded' | 'failed' | 'timed_out';
  /** The command's exit code, where the platform still says it. */
  exitCode: number | null;
}

/**
 * Schedules run by the platform's own scheduler (`Provider.engines.schedules`):
 * where present, Wheelhouse's ticker starts no job of the provider's
 * schedules; it applies them here and reads their runs back instead.
 * Every call is idempotent (a pass of every Wheelhouse replica makes them).
 */
export interface ScheduleEngine {
  /** Creates or updates the schedule's object (and what its runs need); nothing is written when it already matches. */
  applySchedule: (ctx: CallContext, spec: PlatformScheduleSpec) => Promise<void>;
  /** Deletes the schedule's object and its runs; absent is fine. */
  removeSchedule: (ctx: CallContext, instanceId: string, scheduleId: string) => Promise<void>;
  /** Every schedule object Wheelhouse made on the platform (to find those whose schedule is gone). */
  listSchedules: (ctx: CallContext) => Promise<PlatformScheduleRef[]>;
  /** The runs the platform still keeps of a schedule, oldest first. */
  scheduleRuns: (ctx: CallContext, instanceId: string, scheduleId: string) => Promise<PlatformRun[]>;
  /** Stops a run (cancelOperation on its job): deletes it and what it runs; absent is fine. */
  stopRun: (ctx: CallContext, instanceId: string, run: PlatformRun) => Promise<void>;
  /** A run's output lines, as far as the platform still has them. */
  runLog: (ctx: CallContext, instanceId: string, run: PlatformRun) => Promise<JobOutputLine[]>;
}
