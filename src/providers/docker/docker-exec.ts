/**
 * Running a command in a container through the Engine's exec API: a hijacked
 * connection carries stdin one way and multiplexed stdout/stderr the other.
 */
import { readFile } from 'node:fs/promises';
import type { Duplex } from 'node:stream';
import type Dockerode from 'dockerode';
import type { ExecRequest, ExecResult } from '../provider.js';
import { FrameDemuxer } from './docker-logs.js';

/** Exit code reported for a command killed at its timeout (the `timeout(1)` convention). */
const EXEC_TIMEOUT_EXIT_CODE = 124;

/** How an exec is run. */
export interface ExecOptions {
  /** Cancels the exec (the stream is torn down and the call rejects with an AbortError). */
  signal?: AbortSignal;
  /** Bounds each Engine call that is not the exec itself. */
  apiSignal: () => AbortSignal;
  /**
   * Whether the engine shares this process's PID namespace (a local socket),
   * so a timed-out command can be killed by the host PID the Engine reports.
   */
  localEngine: boolean;
}

/** Runs `req` in `container` and collects its exit code and output. */
export async function runExec(
  container: Dockerode.Container,
  req: ExecRequest,
  opts: ExecOptions,
): Promise<ExecResult> {
  const withStdin = req.stdin !== undefined;
  const tty = Boolean(req.tty);
  const exec = await container.exec({
    Cmd: req.command,
    AttachStdin: withStdin,
    AttachStdout: true,
    AttachStderr: true,
    Tty: tty,
    abortSignal: opts.apiSignal(),
  } as Dockerode.ExecCreateOptions);
  const stream = (await exec.start({ hijack: true, stdin: withStdin, Tty: tty })) as unknown as Duplex;
  const demuxer = new FrameDemuxer(tty);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => {
    for (const f of demuxer.push(chunk)) (f.stream === 'stderr' ? stderr : stdout).push(f.data);
  });
  const finished = new Promise<'done'>((resolve) => {
    stream.once('end', () => resolve('done'));
    stream.once('close', () => resolve('done'));
    stream.once('error', () => resolve('done'));
  });
  if (withStdin) {
    stream.write(req.stdin);
    // Half-close: the Engine closes the command's stdin on EOF while output keeps flowing back.
    stream.end();
  }

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    if (req.timeoutMs && req.timeoutMs > 0) timer = setTimeout(() => resolve('timeout'), req.timeoutMs);
  });
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    if (!opts.signal) return;
    if (opts.signal.aborted) return resolve('aborted');
    onAbort = () => resolve('aborted');
    opts.signal.addEventListener('abort', onAbort, { once: true });
  });
  const outcome = await Promise.race([finished, timedOut, aborted]);
  clearTimeout(timer);
  if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
  const text = () => ({
    stdout: Buffer.concat(stdout).toString('utf8'),
    stderr: Buffer.concat(stderr).toString('utf8'),
  });

  if (outcome !== 'done') {
    const killed = await killExec(exec, container.id, opts).catch(() => false);
    stream.destroy();
    if (outcome === 'aborted') throw Object.assign(new Error('exec canceled'), { name: 'AbortError' });
    const out = text();
    const note = `exec timed out after ${req.timeoutMs}ms${killed ? '; command killed' : '; command may still be running'}`;
    return {
      exitCode: EXEC_TIMEOUT_EXIT_CODE,
      stdout: out.stdout,
      stderr: out.stderr ? `${out.stderr.replace(/\n?$/, '\n')}${note}\n` : `${note}\n`,
    };
  }
  return { exitCode: await exitCodeOf(exec, opts), ...text() };
}

/** The exit code, once the Engine has recorded it (it may lag the stream's end slightly). */
async function exitCodeOf(exec: Dockerode.Exec, opts: ExecOptions): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const info = await exec.inspect({ abortSignal: opts.apiSignal() } as object);
    if (!info.Running && info.ExitCode !== null && info.ExitCode !== undefined) return info.ExitCode;
    await new Promise((r) => setTimeout(r, 20));
  }
  return -1;
}

/**
 * The exec API has no kill. On a local engine the process is killed by the
 * host PID the Engine reports, after checking through /proc that this PID
 * really belongs to the container's cgroup (so a recycled PID, or a provider
 * in another PID namespace, never kills the wrong process).
 */
async function killExec(exec: Dockerode.Exec, containerId: string, opts: ExecOptions): Promise<boolean> {
  if (!opts.localEngine) return false;
  const info = await exec.inspect({ abortSignal: opts.apiSignal() } as object);
  const pid = info.Pid;
  if (!info.Running || !pid) return false;
  const cgroup = await readFile(`/proc/${pid}/cgroup`, 'utf8').catch(() => '');
  if (!cgroup.includes(containerId)) return false;
  try {
    process.kill(pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}
