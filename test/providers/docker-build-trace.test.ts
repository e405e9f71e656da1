/**
 * The BuildKit trace reader on crafted StatusResponse messages (encoded with
 * the same definitions dockerd's are decoded with): numbering and line
 * attribution, cached-step counting, and a secret masked even when BuildKit
 * splits it across two log messages.
 */
import { describe, expect, it } from 'vitest';
import type { BuildOutputLine } from '../../src/providers/builds.js';
import { BUILDKIT_PROTO } from '../../src/providers/docker/docker-build-proto.js';
import { BuildKitTrace } from '../../src/providers/docker/docker-build-trace.js';

const status = (
  BUILDKIT_PROTO['moby.buildkit.v1.Control'] as Record<string, { responseSerialize: (v: object) => Buffer }>
).Status;

const ts = { seconds: '1', nanos: 0 };

/** A `moby.buildkit.trace` message carrying `response`. */
function trace(response: object): { id: string; aux: string } {
  if (!status) throw new Error('no Control.Status definition');
  return { id: 'moby.buildkit.trace', aux: status.responseSerialize(response).toString('base64') };
}

describe('BuildKit trace reader', () => {
  it('numbers vertexes, attributes log lines, counts instruction steps and masks a secret split across messages', () => {
    const lines: BuildOutputLine[] = [];
    const t = new BuildKitTrace({ line: (l) => lines.push(l) }, ['hunter2-secret']);
    t.onMessage(
      trace({
        vertexes: [
          { digest: 'sha256:a', name: '[internal] load build definition from Dockerfile', started: ts },
          { digest: 'sha256:b', name: '[1/3] FROM docker.io/library/base:1', started: ts },
          { digest: 'sha256:c', name: '[2/3] RUN make', started: ts },
          { digest: 'sha256:d', name: '[3/3] COPY out /out', cached: true, started: ts, completed: ts },
        ],
      }),
    );
    t.onMessage(trace({ logs: [{ vertex: 'sha256:c', msg: Buffer.from('compiling\nthe token is hunter2') }] }));
    t.onMessage(trace({ logs: [{ vertex: 'sha256:c', msg: Buffer.from('-secret ok\n') }] }));
    t.onMessage(trace({ vertexes: [{ digest: 'sha256:c', name: '[2/3] RUN make', started: ts, completed: ts }] }));
    t.onMessage({ id: 'moby.image.id', aux: { ID: 'sha256:img' } } as never);
    t.finish();

    expect(lines).toEqual([
      { step: 1, line: '#1 [internal] load build definition from Dockerfile' },
      { step: 2, line: '#2 [1/3] FROM docker.io/library/base:1' },
      { step: 3, line: '#3 [2/3] RUN make' },
      { step: 4, line: '#4 [3/3] COPY out /out' },
      { step: 4, line: '#4 CACHED' },
      { step: 3, line: 'compiling' },
      { step: 3, line: 'the token is *** ok' },
      { step: 3, line: '#3 DONE' },
    ]);
    expect(t.steps).toBe(2);
    expect(t.cachedSteps).toBe(1);
    expect(t.imageId).toBe('sha256:img');
    expect(t.failure(undefined)).toBeUndefined();
  });

  it('names the failing step with its last words, masked', () => {
    const t = new BuildKitTrace({ line: () => undefined }, ['s3cr3t']);
    t.onMessage(trace({ vertexes: [{ digest: 'sha256:x', name: '[2/2] RUN ./build', started: ts }] }));
    t.onMessage(trace({ logs: [{ vertex: 'sha256:x', msg: Buffer.from('using s3cr3t\nerror: no such file') }] }));
    t.onMessage(
      trace({ vertexes: [{ digest: 'sha256:x', name: '[2/2] RUN ./build', error: 'exit code: 1', started: ts }] }),
    );
    expect(t.failure('failed to solve')).toBe(
      'step #1 [2/2] RUN ./build failed: exit code: 1\nusing ***\nerror: no such file',
    );
  });
});
