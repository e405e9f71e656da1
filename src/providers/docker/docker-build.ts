/**
 * The Docker provider's builder engine (builds.ts): `POST /build` with the
 * context as a tar, BuildKit (`version=2`) wherever the Engine has it, with
 * our own BuildKit session for build secrets (docker-build-session.ts); the
 * classic builder otherwise, which refuses secrets. Progress becomes numbered
 * lines on the sink (docker-build-trace.ts), the result counts steps and
 * cached steps, and a push returns the registry's digest.
 *
 * Stopping: the build request carries the caller's signal and the build's
 * own deadline; aborting destroys the request, which makes dockerd cancel
 * the solve (BuildKit kills the step's runc process); we also ask
 * `POST /build/cancel` by build id, so a solve whose request dockerd has not
 * noticed closing is cancelled too.
 *
 * Limits, as dockerd 20.10 honours them: the classic builder applies
 * `cpuquota`/`cpuperiod`/`memory` to each step's container (checked in
 * docker-build-classic.test.ts). BuildKit through dockerd ignores them: its
 * runc steps run in a cgroup of their own under /docker/buildkit/ whose
 * memory.limit_in_bytes stays unlimited and cpu.cfs_quota_us -1 with the
 * options set (checked by hand on Docker 20.10.24). We still send them, so
 * an Engine that honours them does; the control plane must not promise them
 * for BuildKit builds.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type Dockerode from 'dockerode';
import type { BuildEngine, BuildRequest, BuildResult, BuildSink } from '../builds.js';
import { CanceledError, ProviderErrorKinds } from '../provider-errors.js';
import { ClassicTrace } from './docker-build-classic.js';
import { contextTar } from './docker-build-context.js';
import { PushError, pushImage } from './docker-build-push.js';
import { type BuildSession, openBuildSession } from './docker-build-session.js';
import { BuildKitTrace, type BuildProgress, readMessages } from './docker-build-trace.js';
import type { Call } from './docker-call.js';

/** The oldest Engine API whose `/build` takes `version=2` and `session` (Docker 18.09). */
const BUILDKIT_API = [1, 39] as const;

/** The Engine's answer to `GET /version` that decides the mode. */
export interface EngineVersion {
  ApiVersion?: string;
  Os?: string;
}

/** `buildkit` when the Engine builds with BuildKit through its API (Linux, API ≥ 1.39); `classic` otherwise. */
export function buildModeOf(v: EngineVersion): BuildEngine['mode'] {
  const [major = 0, minor = 0] = (v.ApiVersion ?? '').split('.').map(Number);
  const recent = major > BUILDKIT_API[0] || (major === BUILDKIT_API[0] && minor >= BUILDKIT_API[1]);
  return recent && (v.Os ?? 'linux') === 'linux' ? 'buildkit' : 'classic';
}

/** Builds on one Docker Engine; its mode is known after the first build (BuildKit until then). */
export class DockerBuilder {
  #mode: BuildEngine['mode'] | undefined;

  constructor(
    private readonly docker: Dockerode,
    /** Labels on every image built (the operator's, a test run's), under the request's own. */
    private readonly labels: Readonly<Record<string, string>> = {},
    /** The mode to use instead of asking the Engine (the classic path's tests, on an Engine that has BuildKit). */
    mode?: BuildEngine['mode'],
  ) {
    this.#mode = mode;
  }

  get mode(): BuildEngine['mode'] {
    return this.#mode ?? 'buildkit';
  }

  /** Asks the Engine once which builder it has. */
  async detectMode(call: Call): Promise<BuildEngine['mode']> {
    if (!this.#mode) {
      const v = (await (this.docker.version as (o: object) => Promise<EngineVersion>).call(
        this.docker,
        call.opts(),
      )) as EngineVersion;
      this.#mode = buildModeOf(v);
    }
    return this.#mode;
  }

  /** Builds `req` (and pushes it when asked); see BuildEngine.build for the failures. */
  async build(call: Call, req: BuildRequest, sink: BuildSink): Promise<BuildResult> {
    const secretValues = Object.values(req.secrets).filter((v) => v.length > 0);
    call.secrets.push(...secretValues);
    const mode = await this.detectMode(call);
    if (mode === 'classic' && Object.keys(req.secrets).length > 0) {
      throw call.fail(
        ProviderErrorKinds.invalidSpec,
        'secrets: this Docker Engine builds with the classic builder, which cannot mount build secrets; ' +
          'build on an Engine with BuildKit (Docker 18.09 or later on Linux) or remove the secrets',
      );
    }
    const deadline = AbortSignal.timeout(req.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, deadline]) : deadline;
    const buildId = randomUUID();
    const progress: BuildProgress =
      mode === 'buildkit' ? new BuildKitTrace(sink, secretValues) : new ClassicTrace(sink, secretValues);
    let session: BuildSession | undefined;
    if (mode === 'buildkit' && (req.cpuMillis !== undefined || req.memoryMb !== undefined)) {
      // Said once, up front: the user asked for limits this builder does not apply (see the file's comment).
      sink.line({ line: 'note: BuildKit on this Docker Engine does not apply CPU or memory limits to build steps' });
    }
    try {
      if (mode === 'buildkit') {
        session = await openBuildSession(this.docker, req.secrets, {
          name: 'wheelhouse',
          sharedKey: createHash('sha256').update(req.contextDir).digest('hex').slice(0, 32),
          signal,
        });
      }
      const finalError = await this.#solve(req, mode, buildId, session?.id, progress, signal);
      const failure = progress.failure(finalError);
      if (failure) throw call.fail(ProviderErrorKinds.buildFailed, `build failed: ${failure}`);
      const imageId = progress.imageId ?? (await this.docker.getImage(req.tag).inspect()).Id;
      const digest = req.push ? await pushImage(this.docker, req.tag, sink, signal) : undefined;
      return {
        imageId,
        image: req.tag,
        steps: progress.steps,
        cachedSteps: progress.cachedSteps,
        ...(digest ? { digest } : {}),
      };
    } catch (err) {
      throw await this.#stopped(call, err, { deadline, buildId, progress, timeoutMs: req.timeoutMs });
    } finally {
      session?.close();
    }
  }

  /** Runs the build request to its end; the Engine's final error message, if it sent one. */
  async #solve(
    req: BuildRequest,
    mode: BuildEngine['mode'],
    buildId: string,
    sessionId: string | undefined,
    progress: BuildProgress,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      this.docker.modem.dial(
        {
          path: '/build?',
          method: 'POST',
          file: contextTar(req.contextDir, req.dockerfile),
          options: buildOptions(req, mode, buildId, sessionId, this.labels),
          abortSignal: signal,
          isStream: true,
          statusCodes: { 200: true, 400: 'bad parameter', 500: 'server error' },
        },
        (err: unknown, res: unknown) => (err ? reject(err) : resolve(res as IncomingMessage)),
      );
    });
    let finalError: string | undefined;
    await readMessages(stream, (msg) => {
      if (msg.error) finalError = msg.errorDetail?.message ?? msg.error;
      progress.onMessage(msg);
    });
    return finalError;
  }

  /** What a build that threw ends with: CanceledError, a timeout, or a masked ProviderError. */
  async #stopped(
    call: Call,
    err: unknown,
    s: { deadline: AbortSignal; buildId: string; progress: BuildProgress; timeoutMs: number },
  ): Promise<unknown> {
    const aborted = call.signal?.aborted || s.deadline.aborted;
    if (aborted) await this.#cancel(s.buildId);
    if (call.signal?.aborted) return new CanceledError('build canceled by the caller');
    if (s.deadline.aborted) {
      const where = s.progress.running();
      return call.fail(
        ProviderErrorKinds.buildTimeout,
        `build timed out after ${Math.round(s.timeoutMs / 1000)}s and was stopped${where ? ` during ${where}` : ''}`,
        err,
      );
    }
    if (err instanceof PushError) return call.fail(ProviderErrorKinds.buildFailed, err.message, err);
    // Anything else (the Engine unreachable, a refused request) is mapped by the provider's call mapping.
    return err;
  }

  /** Asks dockerd to cancel the solve (best effort: the destroyed request usually has already). */
  async #cancel(buildId: string): Promise<void> {
    await new Promise<void>((resolve) => {
      this.docker.modem.dial(
        {
          path: '/build/cancel?',
          method: 'POST',
          options: { id: buildId },
          abortSignal: AbortSignal.timeout(5000),
          statusCodes: { 200: true, 404: true, 500: 'server error' },
        },
        () => resolve(),
      );
    });
  }
}

/** The `/build` query: tag, Dockerfile, target, args, labels, limits, builder version and session. */
function buildOptions(
  req: BuildRequest,
  mode: BuildEngine['mode'],
  buildId: string,
  sessionId: string | undefined,
  labels: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const opts: Record<string, unknown> = {
    t: req.tag,
    dockerfile: req.dockerfile,
    buildargs: { ...req.args },
    labels: { ...labels, ...req.labels },
    version: mode === 'buildkit' ? '2' : '1',
    buildid: buildId,
    // Classic: remove the step containers, also after a failed step (nothing of a build is left running).
    rm: true,
    forcerm: true,
  };
  if (sessionId) opts.session = sessionId;
  if (req.target) opts.target = req.target;
  if (req.cpuMillis !== undefined) {
    opts.cpuperiod = 100_000;
    opts.cpuquota = Math.max(1000, Math.round(req.cpuMillis * 100));
  }
  if (req.memoryMb !== undefined) {
    opts.memory = req.memoryMb * 1024 * 1024;
    // No swap beyond the limit: a step that outgrows it fails instead of crawling.
    opts.memswap = opts.memory;
  }
  return opts;
}
