import type Dockerode from 'dockerode';
import { describe, expect, it } from 'vitest';
import { aggregateInstance, aggregateService, observeReplica } from '../../src/providers/docker/docker-status.js';

const exited = (exitCode: number, oom = false) =>
  ({
    Id: 'c1',
    RestartCount: 0,
    State: { Status: 'exited', Running: false, Restarting: false, ExitCode: exitCode, OOMKilled: oom, StartedAt: '' },
    HostConfig: { RestartPolicy: { Name: 'no' } },
  }) as unknown as Dockerode.ContainerInspectInfo;
const init = (info: Dockerode.ContainerInspectInfo) =>
  observeReplica(info, { role: 'init', replica: 0, hasHealthCheck: false, minReadyMs: 0, now: 0, lastLogLine: 'boom' });

describe('an INIT container on Docker', () => {
  it('exited 0 is completed: stopped and ready, and leaves the instance running', () => {
    const done = init(exited(0));
    expect(done).toMatchObject({ state: 'stopped', ready: true, message: 'completed', completed: true });
    const web = { containerId: 'w', replica: 0, state: 'running' as const, ready: true, restarts: 0 };
    const st = aggregateInstance({ setup: aggregateService([done]), web: aggregateService([web]) }, [], {});
    expect(st).toMatchObject({ state: 'running', ready: true });
    expect(st.services.setup).toMatchObject({ state: 'stopped', ready: true, message: 'completed', completed: true });
  });

  it('exited non-zero is failed, with its last line; killed by the memory limit too', () => {
    expect(init(exited(3))).toMatchObject({ state: 'failed', message: 'init exited with code 3: boom' });
    expect(init(exited(137, true))).toMatchObject({ state: 'failed', message: 'init exited with code 137: boom' });
  });

  it('ended by SIGTERM or SIGKILL from outside is interrupted, not failed: it may run again', () => {
    expect(init(exited(143))).toMatchObject({
      state: 'stopped',
      ready: false,
      message: 'init interrupted (exit code 143)',
    });
    expect(init(exited(137)).state).toBe('stopped');
  });
});
