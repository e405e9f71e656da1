/**
 * Exec over the websocket exec subresource (client-node's Exec): collects
 * stdout and stderr, feeds stdin, reads the exit code from the final status,
 * and enforces the timeout and the caller's cancel by closing the socket.
 */
import { Readable, Writable } from 'node:stream';
import type { Exec, V1Status } from '@kubernetes/client-node';
import type { ExecRequest, ExecResult } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { ServiceRoles } from '../service-spec.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { findContainer, rolesOf, SpecError } from './kubernetes-objects.js';
import { mainOf } from './kubernetes-rollout.js';
import { currentPods } from './kubernetes-status.js';

/** Exit code a timed-out command reports, by the `timeout(1)` convention. */
const TIMEOUT_EXIT_CODE = 124;

class Collector extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.chunks.push(Buffer.from(chunk));
    cb();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** The exit code a finished exec's status carries (0 on Success). */
export function exitCodeOf(status: V1Status): number | undefined {
  if (status.status === 'Success') return 0;
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  const code = Number(cause?.message);
  return Number.isInteger(code) ? code : undefined;
}

interface Socket {
  close(): void;
  on?(event: 'close', fn: () => void): void;
  addEventListener?(event: 'close', fn: () => void): void;
}

/** Runs `req` in `container` of `pod` and resolves its result. */
export async function runExec(
  exec: Exec,
  namespace: string,
  pod: string,
  container: string,
  req: ExecRequest,
  call: KubeCall,
): Promise<ExecResult> {
  const stdout = new Collector();
  const stderr = new Collector();
  const stdin = req.stdin === undefined ? null : Readable.from([Buffer.from(req.stdin)]);
  let settle: (r: ExecResult | Error) => void = () => undefined;
  const outcome = new Promise<ExecResult | Error>((resolve) => {
    settle = resolve;
  });
  let status: V1Status | undefined;
  const socket = (await exec.exec(
    namespace,
    pod,
    container,
    req.command,
    stdout,
    stderr,
    stdin,
    Boolean(req.tty),
    (s) => {
      status = s;
    },
  )) as unknown as Socket;
  const onClose = () => {
    if (!status) {
      settle(call.fail(ProviderErrorKinds.internal, 'exec connection closed before the command reported its exit'));
      return;
    }
    const code = exitCodeOf(status);
    if (code === undefined) {
      settle(call.fail(ProviderErrorKinds.internal, `exec failed: ${status.message ?? status.reason ?? 'unknown'}`));
      return;
    }
    settle({ exitCode: code, stdout: stdout.text(), stderr: stderr.text() });
  };
  if (socket.on) socket.on('close', onClose);
  else socket.addEventListener?.('close', onClose);
  const timer =
    req.timeoutMs && req.timeoutMs > 0
      ? setTimeout(() => {
          settle({
            exitCode: TIMEOUT_EXIT_CODE,
            stdout: stdout.text(),
            stderr: `${stderr.text()}command timed out after ${req.timeoutMs} ms\n`,
          });
          socket.close();
        }, req.timeoutMs)
      : undefined;
  const onAbort = () => {
    settle(Object.assign(new Error('canceled'), { name: 'AbortError' }));
    socket.close();
  };
  call.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await outcome;
    if (result instanceof Error) throw result;
    return result;
  } finally {
    if (timer) clearTimeout(timer);
    call.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs a command in the service's container of the first ready pod (the
 * lowest replica), through the websocket exec subresource: stdout and
 * stderr separately, stdin when given (closed after it, v5 protocol), the
 * exit code from the status the server sends last. At `timeoutMs` the
 * connection is closed and the result is exit code 124: the exec API has no
 * way to signal the process, so on a real cluster it may keep running.
 */
export async function execInInstance(
  cluster: KubeCluster,
  exec: Exec,
  call: KubeCall,
  instanceId: string,
  req: ExecRequest,
): Promise<ExecResult> {
  if (req.command.length === 0) throw new SpecError('exec needs a command');
  const w = await cluster.readWorkload(call, instanceId);
  const service = req.serviceName || mainOf(w);
  if (!findContainer(w, service)) {
    throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${service}`);
  }
  if (rolesOf(w)[service] === ServiceRoles.init) {
    throw call.fail(ProviderErrorKinds.conflict, `init service ${service} does not keep running; nothing to exec in`);
  }
  const pods = currentPods(w, await cluster.pods(call, instanceId));
  const target = pods.find((pod) =>
    pod.status?.containerStatuses?.some((cs) => cs.name === service && cs.state?.running),
  );
  if (!target?.metadata?.name) throw call.fail(ProviderErrorKinds.conflict, `service ${service} is not running`);
  return runExec(exec, cluster.namespace, target.metadata.name, service, req, call);
}
