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
