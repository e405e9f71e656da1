/**
 * The Docker provider's jobs engine (jobs.ts): one container per job, from
 * the service's image with its env (plus the job's), secrets, config files
 * and volumes, on the instance's network but under no alias of the service
 * and with no published port, so it never receives a request meant for the
 * service. Its output is followed from the Engine's log and cut into lines;
 * its exit code comes from `wait`.
 *
 * Nothing is left: the container is removed whichever way the run ends (an
 * exit, the timeout, a cancel, an Engine error), with a call of its own so a
 * canceled caller's signal does not stop the removal. A process that crashed
 * mid-run leaves a container labelled with the job's id: removeLeftovers
 * finds it by that label, and run calls it first.
 */
import type { Readable } from 'node:stream';
import type Dockerode from 'dockerode';
import type { JobRequest, JobResult, JobSink } from '../jobs.js';
import { CanceledError } from '../provider-errors.js';
import type { Call } from './docker-call.js';
import { FrameDemuxer } from './docker-logs.js';
import { jobContainerName, Labels } from './docker-names.js';
import type { DockerParts } from './docker-parts.js';
import { removeScratch, removeScratchLabelled } from './docker-scratch.js';
import { type ContainerPlan, configTarOf, labelledSpecOf, SpecError } from './docker-spec.js';

/** How long the log may trail the container's exit before the run ends without its last lines. */
const LOG_DRAIN_MS = 5_000;
/** The longest line kept whole; longer ones are cut (a binary blob printed by mistake). */
const MAX_LINE = 64 * 1024;

/** Jobs on one Docker Engine. */
export class DockerJobs {
  constructor(private readonly parts: Pick<DockerParts, 'engine' | 'useInit' | 'apiTimeoutMs' | 'target'>) {}

  /** Runs `req` to completion (see jobs.ts); `call` carries the caller's signal. */
  async run(call: Call, req: JobRequest, sink: JobSink): Promise<JobResult> {
    if (req.command.length === 0 || !req.command[0]) throw new SpecError('a job needs a command');
    const secretEnv: Record<string, string> = {};
    for (const ref of req.service.secrets) {
      const value = req.secretValues[ref.key];
      if (value === undefined) throw new SpecError(`service ${req.service.name}: no value for secret ${ref.key}`);
      secretEnv[ref.envName] = value;
      call.secrets.push(value);
    }
    const { engine } = this.parts;
    const at = await engine.instanceContext(call, req.instanceId);
    await this.removeLeftovers(call, req.instanceId, req.jobId);
    const imageId = await engine.ensureImage(call, req.service.image);
    const plan: ContainerPlan = {
      instanceId: req.instanceId,
      kind: at.kind,
      network: at.network,
      spec: labelledSpecOf(req.service),
      // A stateful set's job shares the first replica's storage.
      replica: 0,
      imageId,
      baseLabels: at.base,
      secretEnv,
      init: this.parts.useInit,
    };
    const volumes = await engine.ensureVolumes(call, plan);
    const memory = req.service.resources.memoryMb ? req.service.resources.memoryMb * 1024 * 1024 : 0;
    const body: Dockerode.ContainerCreateOptions = {
      Image: imageId,
      Hostname: `${req.service.name}-job`,
      // The command replaces the image's entrypoint (and so its CMD), as Kubernetes' `command` does.
      Entrypoint: req.command,
      Env: Object.entries({ ...req.service.env, ...secretEnv, ...req.env }).map(([k, v]) => `${k}=${v}`),
      Labels: { ...at.base, [Labels.job]: req.jobId, [Labels.jobService]: req.service.name },
      HostConfig: {
        NetworkMode: at.network,
        Mounts: volumes.map((v) => ({ Type: 'volume' as const, Source: v.name, Target: v.mountPath, ReadOnly: false })),
        NanoCpus: req.service.resources.cpuMillis ? req.service.resources.cpuMillis * 1_000_000 : 0,
        Memory: memory,
        MemorySwap: memory,
        RestartPolicy: { Name: 'no' },
        Init: this.parts.useInit,
      },
      // On the network under no alias: the service's name never resolves to the job.
      NetworkingConfig: { EndpointsConfig: { [at.network]: {} } },
    };
    const name = jobContainerName(req.instanceId, req.jobId);
    // Body and query apart: docker-modem would otherwise copy the body, secret env included, into the URL.
    const container = await engine.docker.createContainer(
      call.opts({ _query: { name }, _body: body }) as Dockerode.ContainerCreateOptions,
    );
    try {
      return await this.#runCreated(call, container, req, sink);
    } finally {
      await this.#removeQuietly(container.id);
    }
  }

  /** Removes the containers a previous run of `jobId` left; answers how many there were. */
  removeLeftovers(call: Call, instanceId: string, jobId: string): Promise<number> {
    return removeScratchLabelled(this.parts, call, 'job cleanup', instanceId, `${Labels.job}=${jobId}`);
  }

  async #runCreated(call: Call, container: Dockerode.Container, req: JobRequest, sink: JobSink): Promise<JobResult> {
    const configTar = configTarOf(req.service.name, req.service.configFiles);
    if (configTar) await container.putArchive(configTar, call.opts({ path: '/' }));
    // The run's own end: the caller's cancel, the job's timeout, or this run finishing (which closes the log).
    const timeout = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const done = new AbortController();
    const run = AbortSignal.any([done.signal, timeout.signal, ...(call.signal ? [call.signal] : [])]);
    // Asked before the start, for the next exit: a command that ends at once is not missed,
    // and a container not started yet does not answer at once (as the default condition would).
    const waited = container.wait({ condition: 'next-exit', abortSignal: run } as object) as Promise<{
      StatusCode: number;
    }>;
    // Settled here too: an abort rejects it while the log is still being read.
    waited.catch(() => undefined);
    let log: Readable | undefined;
    try {
      await container.start(call.opts());
      log = (await container.logs({
        follow: true,
        stdout: true,
        stderr: true,
        abortSignal: run,
      } as unknown as Dockerode.ContainerLogsOptions & { follow: true })) as unknown as Readable;
      const drained = readLines(log, sink);
      // The timeout counts from the start, once its output is being read (a slow start is not the command's time).
      timer = setTimeout(() => timeout.abort(), req.timeoutMs);
      const { StatusCode } = await waited;
      await Promise.race([drained, new Promise((r) => setTimeout(r, LOG_DRAIN_MS).unref())]);
      return { exitCode: StatusCode, timedOut: false };
    } catch (err) {
      if (call.signal?.aborted) throw new CanceledError('job canceled');
      if (timeout.signal.aborted) return { exitCode: null, timedOut: true };
      throw err;
    } finally {
      clearTimeout(timer);
      done.abort();
      log?.destroy();
    }
  }

  /** Removes a job's container, killed (a job that ended or was ended has nothing left to finish). */
  #removeQuietly(id: string): Promise<void> {
    return removeScratch(this.parts, 'job cleanup', id);
  }
}

/** Reads the Engine's multiplexed log into lines on `sink`; resolves when the stream ends. */
function readLines(stream: Readable, sink: JobSink): Promise<void> {
  const demuxer = new FrameDemuxer(false);
  const partial = { stdout: '', stderr: '' };
  const emit = (text: string) => sink.line({ line: text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text });
  return new Promise((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      for (const f of demuxer.push(chunk)) {
        const parts = (partial[f.stream] + f.data.toString('utf8')).split('\n');
        partial[f.stream] = parts.pop() ?? '';
        for (const p of parts) emit(p.replace(/\r$/, ''));
      }
    });
    const end = () => {
      for (const s of ['stdout', 'stderr'] as const) if (partial[s]) emit(partial[s]);
      partial.stdout = '';
      partial.stderr = '';
      resolve();
    };
    stream.once('end', end);
    stream.once('close', end);
    stream.once('error', end);
  });
}
