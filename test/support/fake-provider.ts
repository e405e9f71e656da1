/**
 * A fake of OUR Provider contract, for control-plane tests that do not need a
 * real engine. It keeps a tiny in-memory model of each instance (state,
 * readiness, one image per service), records every infrastructure call with
 * its timing, and notices when two calls on one instance were in flight at
 * the same time (the executor promises one operation per instance at a time).
 *
 * Behaviour is configurable per test: latency per method, whether `status`
 * ever reports ready (`readiness`), and failures queued per method.
 */

import type { CpuSample, SampledAutoscaling } from '../../src/providers/autoscaling.js';
import { ALL_CAPABILITIES, type Capability } from '../../src/providers/capabilities.js';
import type { ProviderEngines } from '../../src/providers/engines.js';
import type {
  CallContext,
  DeployRequest,
  DeployResult,
  ExecRequest,
  ExecResult,
  InstanceState,
  InstanceStatus,
  LogOptions,
  LogStream,
  Provider,
  ProviderInfo,
  ProvisionRequest,
  ProvisionResult,
  ReadinessPolicy,
  ResourceUsage,
  RollbackRequest,
  ScaleRequest,
  ServiceStatus,
} from '../../src/providers/provider.js';
import { CanceledError, ProviderError, type ProviderErrorKind } from '../../src/providers/provider-errors.js';
import { Registry } from '../../src/providers/registry.js';

/** The infrastructure-touching methods of the contract (info/capabilities are metadata and not recorded). */
export type FakeMethod =
  | 'provision'
  | 'deprovision'
  | 'start'
  | 'stop'
  | 'restart'
  | 'status'
  | 'deploy'
  | 'rollback'
  | 'scale'
  | 'resources'
  | 'logs'
  | 'exec';

/** One recorded call. `endedAt` is set when it returned or threw. */
export interface FakeCall {
  method: FakeMethod;
  instanceId: string;
  startedAt: number;
  endedAt?: number;
  /** The request (provision/deploy/rollback/scale/exec), as given. */
  request?: unknown;
  /** How it ended. */
  outcome?: 'ok' | 'error';
}

/** How `status` answers: `ready` at once, never ready (`never`), or `failed`. */
export type FakeReadiness = 'ready' | 'never' | 'failed';

export interface FakeProviderOptions {
  /** `info().name`; default `fake`. */
  name?: string;
  capabilities?: readonly Capability[];
  /** Milliseconds each call takes (a number for all, or per method). Default 0. */
  latencyMs?: number | Partial<Record<FakeMethod, number>>;
  /** What readinessPolicy() returns. Default: 10 s, polled every 20 ms. */
  readiness?: ReadinessPolicy;
  /** The engines it has (fakes of our engine interfaces). Default none. */
  engines?: ProviderEngines;
}

interface FakeInstance {
  state: InstanceState;
  images: Record<string, string>;
  serviceNames: string[];
}

/** What a fake answers for an instance whose every service runs and is ready. */
export function runningStatus(services: readonly string[]): InstanceStatus {
  return {
    state: 'running',
    ready: true,
    restarts: 0,
    endpoints: [],
    services: Object.fromEntries(services.map((s) => [s, { state: 'running', ready: true, restarts: 0 }])),
  };
}

export class FakeProvider implements Provider {
  readonly engines: ProviderEngines;
  /** Every call, in the order they started. */
  readonly calls: FakeCall[] = [];
  /** One line per moment two calls on the same instance were in flight together. */
  readonly overlaps: string[] = [];
  /** How `status` reports readiness; change it at any time. */
  readiness: FakeReadiness = 'ready';

  readonly #options: FakeProviderOptions;
  readonly #instances = new Map<string, FakeInstance>();
  readonly #inFlight = new Map<string, FakeCall[]>();
  readonly #failures = new Map<FakeMethod, ProviderError[]>();

  constructor(options: FakeProviderOptions = {}) {
    this.#options = options;
    this.engines = options.engines ?? {};
  }

  /** The next `times` calls of `method` throw a ProviderError of `kind`. */
  failNext(method: FakeMethod, kind: ProviderErrorKind, message: string, times = 1): void {
    const queue = this.#failures.get(method) ?? [];
    for (let i = 0; i < times; i++) queue.push(new ProviderError(kind, message, this.info().name));
    this.#failures.set(method, queue);
  }

  /** The recorded calls on one instance (every method unless `methods` narrows it). */
  callsFor(instanceId: string, ...methods: FakeMethod[]): FakeCall[] {
    return this.calls.filter(
      (c) => c.instanceId === instanceId && (methods.length === 0 || methods.includes(c.method)),
    );
  }

  /** Calls that change something (everything but status, resources and logs). */
  mutatingCalls(instanceId?: string): FakeCall[] {
    return this.calls.filter(
      (c) =>
        (instanceId === undefined || c.instanceId === instanceId) &&
        !['status', 'resources', 'logs'].includes(c.method),
    );
  }

  /** Replicas of a service as the last successful provision or scale of it asked (1 when neither said). */
  replicasOf(instanceId: string, service: string): number {
    let replicas = 1;
    for (const c of this.callsFor(instanceId, 'provision', 'scale')) {
      if (c.outcome !== 'ok') continue;
      if (c.method === 'provision') {
        const spec = (c.request as ProvisionRequest).services.find((s) => s.name === service);
        replicas = spec?.resources?.replicas ?? 1;
      } else {
        const req = c.request as ScaleRequest;
        if ((req.service === undefined || req.service === service) && req.resources.replicas !== undefined)
          replicas = req.resources.replicas;
      }
    }
    return replicas;
  }

  /** The image a service of an instance runs, as far as the fake knows. */
  imageOf(instanceId: string, service: string): string | undefined {
    return this.#instances.get(instanceId)?.images[service];
  }

  info(): ProviderInfo {
    return { name: this.#options.name ?? 'fake', version: '1.0.0', region: 'test' };
  }

  capabilities(): readonly Capability[] {
    return this.#options.capabilities ?? ALL_CAPABILITIES;
  }

  readinessPolicy(): ReadinessPolicy {
    return this.#options.readiness ?? { timeoutMs: 10_000, intervalMs: 20 };
  }

  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    return this.#call('provision', req.instanceId, ctx, req, () => {
      this.#instances.set(req.instanceId, {
        state: 'running',
        images: Object.fromEntries(req.services.map((s) => [s.name, s.image])),
        serviceNames: req.services.map((s) => s.name),
      });
      return {
        providerRef: `fake-${req.instanceId}`,
        serviceRefs: Object.fromEntries(req.services.map((s) => [s.name, `fake-${req.instanceId}-${s.name}`])),
        endpoints: [],
      };
    });
  }

  async deprovision(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#call('deprovision', instanceId, ctx, undefined, () => {
      this.#instances.delete(instanceId);
    });
  }

  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#call('start', instanceId, ctx, undefined, () => {
      this.#require(instanceId).state = 'running';
    });
  }

  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#call('stop', instanceId, ctx, undefined, () => {
      this.#require(instanceId).state = 'stopped';
    });
  }

  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#call('restart', instanceId, ctx, undefined, () => {
      this.#require(instanceId).state = 'running';
    });
  }

  async status(ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    return this.#call('status', instanceId, ctx, undefined, () => {
      const inst = this.#require(instanceId);
      const running = inst.state === 'running';
      const state: InstanceState = running && this.readiness === 'failed' ? 'failed' : inst.state;
      const ready = running && this.readiness === 'ready';
      const services: Record<string, ServiceStatus> = Object.fromEntries(
        inst.serviceNames.map((n) => [n, { state, ready, restarts: 0, providerRef: `fake-${instanceId}-${n}` }]),
      );
      return {
        state,
        ready,
        restarts: 0,
        endpoints: [],
        services,
        ...(state === 'failed' ? { message: 'the fake says it failed' } : {}),
      };
    });
  }

  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    return this.#call('deploy', req.instanceId, ctx, req, () => {
      const inst = this.#require(req.instanceId);
      for (const s of req.services) inst.images[s.name] = s.image;
      return { providerRef: `fake-${req.instanceId}`, status: 'deployed' };
    });
  }

  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    return this.#call('rollback', req.instanceId, ctx, req, () => {
      const inst = this.#require(req.instanceId);
      for (const s of req.services) inst.images[s.name] = s.image;
    });
  }

  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    return this.#call('scale', req.instanceId, ctx, req, () => {
      this.#require(req.instanceId);
    });
  }

  async resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    return this.#call('resources', instanceId, ctx, undefined, () => {
      this.#require(instanceId);
      return { cpuPercent: 0, memoryUsedMb: 1, memoryLimitMb: 64, networkInMb: 0, networkOutMb: 0 };
    });
  }

  async logs(ctx: CallContext, instanceId: string, _opts: LogOptions): Promise<LogStream> {
    return this.#call('logs', instanceId, ctx, undefined, () => {
      this.#require(instanceId);
      return {
        async *[Symbol.asyncIterator]() {},
        async close() {},
      };
    });
  }

  async exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult> {
    return this.#call('exec', instanceId, ctx, req, () => {
      const inst = this.#require(instanceId);
      if (inst.state !== 'running') throw new ProviderError('not_found', 'no running container', this.info().name);
      return { exitCode: 0, stdout: req.command.join(' '), stderr: '' };
    });
  }

  #require(instanceId: string): FakeInstance {
    const inst = this.#instances.get(instanceId);
    if (!inst) throw new ProviderError('not_found', `instance ${instanceId} not found`, this.info().name);
    return inst;
  }

  #latency(method: FakeMethod): number {
    const l = this.#options.latencyMs;
    if (typeof l === 'number') return l;
    return l?.[method] ?? 0;
  }

  async #call<T>(method: FakeMethod, instanceId: string, ctx: CallContext, request: unknown, fn: () => T): Promise<T> {
    const call: FakeCall = { method, instanceId, startedAt: Date.now(), ...(request ? { request } : {}) };
    this.calls.push(call);
    const inFlight = this.#inFlight.get(instanceId) ?? [];
    if (inFlight.length > 0) {
      this.overlaps.push(`${method} started while ${inFlight.map((c) => c.method).join(', ')} ran on ${instanceId}`);
    }
    inFlight.push(call);
    this.#inFlight.set(instanceId, inFlight);
    try {
      await abortableSleep(this.#latency(method), ctx.signal);
      const failure = this.#failures.get(method)?.shift();
      if (failure) throw failure;
      const result = fn();
      call.outcome = 'ok';
      return result;
    } catch (err) {
      call.outcome = 'error';
      throw err;
    } finally {
      call.endedAt = Date.now();
      inFlight.splice(inFlight.indexOf(call), 1);
    }
  }
}

/**
 * The autoscaler engine of a FakeProvider (a fake sampler): every replica of
 * a service reports the CPU the test set for its instance, in percent of one
 * core (`docker stats`' figure), so a test says "busy" or "idle" and moves the
 * autoscaler's clock instead of burning CPU for real windows.
 */
export class FakeCpuSampler implements SampledAutoscaling {
  readonly mode = 'sampled' as const;
  /** Percent of one core each replica of an instance reports; 0 when unset. */
  readonly percentOfCore = new Map<string, number>();
  /** Samples taken, per instance. */
  readonly sampled = new Map<string, number>();
  readonly #replicas: (instanceId: string, service: string) => number;
  readonly #now: () => Date;

  /** `replicas` says how many replicas run (FakeProvider.replicasOf); `now` stamps the samples. */
  constructor(replicas: (instanceId: string, service: string) => number, now: () => Date = () => new Date()) {
    this.#replicas = replicas;
    this.#now = now;
  }

  async sampleCpu(_ctx: CallContext, instanceId: string, service: string): Promise<CpuSample> {
    this.sampled.set(instanceId, (this.sampled.get(instanceId) ?? 0) + 1);
    const each = this.percentOfCore.get(instanceId) ?? 0;
    return {
      replicaCpuPercents: Array.from({ length: this.#replicas(instanceId, service) }, () => each),
      at: this.#now(),
    };
  }
}

/**
 * A FakeProvider registered as `fake` whose autoscaler engine is a FakeCpuSampler on the clock `now`: the
 * test says how busy each replica is (`sampler.percentOfCore`) and drives the Autoscaler's decisions itself.
 */
export function sampledFakeProvider(now: () => Date): {
  provider: FakeProvider;
  sampler: FakeCpuSampler;
  registry: Registry;
} {
  const provider: FakeProvider = new FakeProvider({
    name: 'fake',
    engines: { autoscaler: new FakeCpuSampler((id, service) => provider.replicasOf(id, service), now) },
  });
  const registry = new Registry();
  registry.register('fake', provider);
  return { provider, sampler: provider.engines.autoscaler as FakeCpuSampler, registry };
}

/** Sleeps `ms` (0: yields once); rejects with CanceledError as soon as `signal` aborts. */
function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CanceledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CanceledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How the fake builder behaves; change it at any time. */
export interface FakeBuilderBehaviour {
  /** Steps every build has. Default 4. */
  steps: number;
  /** Lines each step prints (after its header). Default 2. */
  linesPerStep: number;
  /** Milliseconds between lines. Default 5. */
  lineDelayMs: number;
  /** Fail at this 1-based step with `failMessage` (a BUILD_FAILED ProviderError). */
  failAtStep?: number;
  failMessage?: string;
  /** Print each build secret's value in a line, and in the failure (a careless builder): the control plane must mask them. */
  echoSecrets?: boolean;
}

/**
 * A fake of OUR builder engine contract (providers/builds.ts): prints
 * numbered step lines to the sink, honours the abort signal (CanceledError),
 * answers a step from its cache when the same tag was built before, fails at
 * a chosen step, and counts the builds running at once (`maxRunning`).
 */
export class FakeBuildEngine {
  readonly mode = 'buildkit' as const;
  behaviour: FakeBuilderBehaviour = { steps: 4, linesPerStep: 2, lineDelayMs: 5 };
  /** Every request, in order. */
  readonly requests: import('../../src/providers/builds.js').BuildRequest[] = [];
  running = 0;
  maxRunning = 0;
  /** Builds started (including those that failed or were canceled). */
  started = 0;
  readonly #built = new Set<string>();
  /** While set, every build holds before its first step until it resolves (a test's gate). */
  gate: Promise<void> | undefined;

  readonly build = async (
    ctx: CallContext,
    req: import('../../src/providers/builds.js').BuildRequest,
    sink: import('../../src/providers/builds.js').BuildSink,
  ): Promise<import('../../src/providers/builds.js').BuildResult> => {
    const signal = ctx.signal ?? new AbortController().signal;
    this.requests.push(req);
    this.started++;
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    const b = { ...this.behaviour };
    const cached = this.#built.has(req.tag);
    const sleep = (ms: number) =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(new CanceledError('build canceled'));
        const t = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        const onAbort = () => {
          clearTimeout(t);
          reject(new CanceledError('build canceled'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
      });
    try {
      if (this.gate) {
        const gate = this.gate;
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => reject(new CanceledError('build canceled'));
          if (signal.aborted) return onAbort();
          signal.addEventListener('abort', onAbort, { once: true });
          void gate.then(() => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          });
        });
      }
      for (let step = 1; step <= b.steps; step++) {
        sink.line({ step, line: `#${step} [${step}/${b.steps}] RUN step ${step}${cached ? ' CACHED' : ''}` });
        for (let i = 1; i <= b.linesPerStep; i++) {
          await sleep(b.lineDelayMs);
          sink.line({ step, line: `#${step} line ${i} of step ${step}` });
        }
        const echoed = b.echoSecrets ? ` ${Object.values(req.secrets).join(' ')}` : '';
        if (echoed) sink.line({ step, line: `#${step} secret:${echoed}` });
        if (b.failAtStep === step) {
          throw new ProviderError(
            'build_failed',
            `build failed: step ${step}/${b.steps} RUN step ${step}: ${b.failMessage ?? 'exit code 1'}${echoed}`,
            'fake',
          );
        }
      }
      this.#built.add(req.tag);
      return {
        imageId: `sha256:${'a'.repeat(64)}`,
        ...(req.push ? { digest: `sha256:${'b'.repeat(64)}` } : {}),
        image: req.tag,
        steps: b.steps,
        cachedSteps: cached ? b.steps : 0,
      };
    } finally {
      this.running--;
    }
  };
}
