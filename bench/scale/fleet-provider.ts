/**
 * A fake of our Provider contract for the scale row: a fleet where every
 * instance it is asked about runs, ready, with the services `web` and `side`
 * (the bench seeds the instances straight into the database, so the fake
 * cannot know them from a provision). Each call may take a fixed time; the
 * time of every `status` call is kept, by instance, so the bench can measure
 * how long the supervisor leaves an instance between two observations.
 * Unlike test/support/fake-provider.ts it records no call history, which at
 * 10,000 instances would be the biggest thing in the replica's heap.
 */
import { ALL_CAPABILITIES, type Capability } from '../../src/providers/capabilities.js';
import type { ProviderEngines } from '../../src/providers/engines.js';
import type {
  CallContext,
  DeployRequest,
  DeployResult,
  ExecRequest,
  ExecResult,
  InstanceStatus,
  LogOptions,
  LogStream,
  Provider,
  ProviderInfo,
  ProvisionRequest,
  ProvisionResult,
  ReadinessPolicy,
  ResourceUsage,
} from '../../src/providers/provider.js';
import { runningStatus } from '../../test/support/fake-provider.js';

/** One observation: which instance, and when (epoch ms). */
export type StatusSample = [instanceId: string, at: number];

const SERVICES = ['web', 'side'] as const;

export class FleetProvider implements Provider {
  /** No engines: the fleet has no builds, routes or autoscaled services. */
  readonly engines: ProviderEngines = {};
  /** `status` calls since the last drain. */
  #samples: StatusSample[] = [];
  /** Deploys answered, in all. */
  deploys = 0;

  constructor(
    /** Milliseconds a deploy (and a provision) takes; a status or anything else answers at once. */
    private readonly deployMs: number,
  ) {}

  /** The status calls since the last drain, handed over and forgotten. */
  drainSamples(): StatusSample[] {
    const out = this.#samples;
    this.#samples = [];
    return out;
  }

  info(): ProviderInfo {
    return { name: 'fleet', version: '1.0.0', region: 'bench' };
  }

  capabilities(): readonly Capability[] {
    return ALL_CAPABILITIES;
  }

  readinessPolicy(): ReadinessPolicy {
    return { timeoutMs: 10_000, intervalMs: 20 };
  }

  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    await pause(this.deployMs, ctx.signal);
    return { providerRef: `fleet-${req.instanceId}`, serviceRefs: {}, endpoints: [] };
  }

  async deprovision(): Promise<void> {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async restart(): Promise<void> {}
  async rollback(): Promise<void> {}
  async scale(): Promise<void> {}

  async status(_ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    this.#samples.push([instanceId, Date.now()]);
    return runningStatus(SERVICES);
  }

  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    await pause(this.deployMs, ctx.signal);
    this.deploys += 1;
    return { providerRef: `fleet-${req.instanceId}`, status: 'deployed' };
  }

  async resources(): Promise<ResourceUsage> {
    return { cpuPercent: 0, memoryUsedMb: 1, memoryLimitMb: 64, networkInMb: 0, networkOutMb: 0 };
  }

  async logs(_ctx: CallContext, _instanceId: string, _opts: LogOptions): Promise<LogStream> {
    return { async *[Symbol.asyncIterator]() {}, async close() {} };
  }

  async exec(_ctx: CallContext, _instanceId: string, req: ExecRequest): Promise<ExecResult> {
    return { exitCode: 0, stdout: req.command.join(' '), stderr: '' };
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal?.reason);
      },
      { once: true },
    );
  });
}
