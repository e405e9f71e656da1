/**
 * Jobs on Kubernetes (issue 35), through the API on the in-process stand-in:
 * runJob becomes a batch/v1 Job (the service's image, env and secret refs,
 * config files and claim; the command; backoffLimit 0; activeDeadlineSeconds
 * the timeout; restartPolicy Never) whose pod's log and exit code are read
 * back; a cancel and a timeout delete it too, and an image the cluster cannot
 * pull fails the job at once; nothing of a job is left in the stand-in
 * afterwards. A deploy's release command runs as a Job in the new
 * image before the Deployment is changed, and a failing one leaves the
 * Deployment as it was (RELEASE_COMMAND_FAILED).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobLabels } from '../../src/providers/kubernetes/kubernetes-jobs.js';
import { Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { gql, localIdOf } from '../support/app.js';
import { type KubeApp, provisionOn, startKubeApp, until } from '../support/kube-app.js';
import { cancelOperation } from './jobs-support.js';

const NS = 'wh-jobs';
const V1 = 'registry.test/jobs:v1';
const V2 = 'registry.test/jobs:v2';

const RUN_JOB = `mutation R($input: RunJobInput!) { runJob(input: $input) {
  __typename
  ... on RunJobPayload { job { id status } operation { id status } }
  ... on Error { message }
} }`;

const JOB = `query J($id: ID!) { node(id: $id) { ... on Job {
  id status exitCode error startedAt finishedAt
  operation { id status error { code message } }
  logs(first: 1000) { edges { node { line } } }
} } }`;

const DEPLOY = `mutation D($input: DeployInstanceInput!) { deployInstance(input: $input) {
  __typename
  ... on DeployInstancePayload { operation { status error { code message } job { status exitCode } } }
  ... on Error { message }
} }`;

interface JobView {
  id: string;
  status: string;
  exitCode: number | null;
  error: string | null;
  startedAt: string;
  finishedAt: string;
  operation: { id: string; status: string; error: { code: string; message: string } | null };
  logs: { edges: { node: { line: string } }[] };
}

describe('jobs on Kubernetes (the stand-in)', () => {
  let k: KubeApp;
  let instanceId: string;
  let local: string;

  const runJob = async (input: Record<string, unknown>) =>
    (await gql(k.app, k.token, RUN_JOB, { input: { instanceId, service: 'web', ...input } })).runJob;
  const job = async (id: string): Promise<JobView> => (await gql(k.app, k.token, JOB, { id })).node;
  const ended = async (id: string): Promise<JobView> => {
    let j: JobView | undefined;
    await until(
      async () => {
        j = await job(id);
        return ['SUCCEEDED', 'FAILED', 'CANCELED', 'TIMED_OUT'].includes(j.status) && j.operation.status !== 'RUNNING';
      },
      `job ${id} to end`,
      30_000,
    );
    return j as JobView;
  };
  const lines = (j: JobView) => j.logs.edges.map((e) => e.node.line);
  /** The Job the stand-in received for a job. */
  const received = (jobId: string) =>
    k.fake.jobs.received.find((o) => o.metadata.labels[JobLabels.job] === localIdOf(jobId));
  /** What of a job is in the stand-in: its Jobs, pods and Secrets. */
  const leftOf = (jobId: string) => [
    ...k.fake.list('jobs', NS, `${JobLabels.job}=${localIdOf(jobId)}`),
    ...k.fake.list('pods', NS, `${JobLabels.job}=${localIdOf(jobId)}`),
    ...k.fake.list('secrets', NS, `${JobLabels.job}=${localIdOf(jobId)}`),
  ];
  const deployment = () => k.fake.get('deployments', NS, `wh-${local}`);
  /** Deploys V2 with a release command (`sh -c script`), waiting for the end. */
  const deployWithRelease = async (script: string) =>
    (
      await gql(k.app, k.token, DEPLOY, {
        input: {
          instanceId,
          services: [{ name: 'web', image: V2 }],
          releaseCommand: { service: 'web', command: ['sh', '-c', script] },
          wait: true,
        },
      })
    ).deployInstance;

  beforeAll(async () => {
    k = await startKubeApp(NS, [V1, V2]);
    await gql(k.app, k.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
      i: { key: 'jobs/token', value: 's3cret-value-7' },
    });
    const p = await provisionOn(k, {
      name: 'kjobs',
      services: [
        {
          name: 'web',
          image: V1,
          ports: [{ container: 8080 }],
          env: [{ name: 'GREETING', value: 'from-the-service' }],
          secrets: [{ key: 'jobs/token', envName: 'API_TOKEN' }],
          configFiles: [{ name: 'app', path: '/etc/app.conf', content: 'mode=job' }],
          volumes: [{ name: 'data', mountPath: '/data', sizeMb: 64 }],
        },
      ],
    });
    expect(p.operation.status, JSON.stringify(p)).toBe('SUCCEEDED');
    instanceId = p.instance.id;
    local = localIdOf(instanceId);
  }, 60_000);
  afterAll(async () => {
    await k?.close();
  });

  it('runJob becomes a batch/v1 Job of the service; its log and exit code are read back; nothing is left', async () => {
    const r = await runJob({
      command: ['sh', '-c', 'echo $GREETING/$EXTRA/$API_TOKEN; echo oops >&2; cat /etc/app.conf'],
      env: [{ name: 'EXTRA', value: 'override-ok' }],
      timeoutSeconds: 90,
    });
    expect(r.__typename, JSON.stringify(r)).toBe('RunJobPayload');
    const j = await ended(r.job.id);
    expect(j.status, j.error ?? '').toBe('SUCCEEDED');
    expect(j.exitCode).toBe(0);
    // The secret and the config file reached the pod through the job's Secret (the stand-in resolved the ref
    // and mounted the file); both are vault-resolved values, so the stored lines mask them.
    expect(lines(j)).toEqual(['from-the-service/override-ok/***', 'oops', '***', 'job exited with code 0']);
    expect(lines(j).join('\n')).not.toContain('s3cret-value-7');

    const sent = received(r.job.id);
    expect(sent).toBeTruthy();
    expect(sent?.metadata.labels).toMatchObject({
      [JobLabels.job]: localIdOf(r.job.id),
      [Labels.instance]: local,
      [JobLabels.service]: 'web',
    });
    expect(sent?.metadata.labels[Labels.tenant]).toBeTruthy();
    expect(sent?.spec).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: 90 });
    const pod = sent?.spec.template;
    expect(pod.spec.restartPolicy).toBe('Never');
    // Not selected by the instance's Service: the pod carries no instance label.
    expect(pod.metadata.labels[Labels.instance]).toBeUndefined();
    const [c] = pod.spec.containers;
    expect(c.image).toBe(V1);
    expect(c.command).toEqual(['sh', '-c', 'echo $GREETING/$EXTRA/$API_TOKEN; echo oops >&2; cat /etc/app.conf']);
    expect(c.env).toEqual(
      expect.arrayContaining([
        { name: 'GREETING', value: 'from-the-service' },
        { name: 'EXTRA', value: 'override-ok' },
        { name: 'API_TOKEN', valueFrom: { secretKeyRef: { name: sent?.metadata.name, key: expect.any(String) } } },
      ]),
    );
    expect(JSON.stringify(sent)).not.toContain('s3cret-value-7');
    expect(pod.spec.volumes).toEqual(
      expect.arrayContaining([{ name: 'data', persistentVolumeClaim: { claimName: `wh-${local}-data` } }]),
    );
    expect(c.volumeMounts).toEqual(
      expect.arrayContaining([
        { name: 'data', mountPath: '/data' },
        { name: 'wh-config', mountPath: '/etc/app.conf', subPath: expect.any(String), readOnly: true },
      ]),
    );

    expect(leftOf(r.job.id)).toEqual([]);
    expect(k.fake.jobs.deletions.filter((d) => d.name === sent?.metadata.name)).toEqual([
      { namespace: NS, name: sent?.metadata.name, propagationPolicy: 'Background' },
    ]);
  }, 60_000);

  it('a non-zero exit is FAILED with the exit code and the last lines; nothing is left', async () => {
    const r = await runJob({ command: ['sh', '-c', 'echo hi; echo oops >&2; exit 3'] });
    const j = await ended(r.job.id);
    expect(j.status).toBe('FAILED');
    expect(j.exitCode).toBe(3);
    expect(j.operation.error?.code).toBe('JOB_FAILED');
    expect(j.error).toMatch(/exited with code 3; last lines: .*hi/);
    expect(lines(j)).toEqual(expect.arrayContaining(['hi', 'oops']));
    expect(leftOf(r.job.id)).toEqual([]);
  }, 60_000);

  it('cancelOperation deletes the running Job: CANCELED, nothing left', async () => {
    const r = await runJob({ command: ['sh', '-c', 'echo waiting; sleep 120'] });
    const id = r.job.id as string;
    await until(
      () =>
        k.fake
          .list('pods', NS, `${JobLabels.job}=${localIdOf(id)}`)
          .some((p) => p.status.containerStatuses?.[0]?.state?.running),
      'the job pod to run',
    );
    await until(async () => (await job(id)).logs.edges.length > 0, 'its first line');
    const name = received(id)?.metadata.name;
    const asked = Date.now();
    expect(await cancelOperation(k.app, k.token, r.operation.id)).toBe('CancelOperationPayload');
    const j = await ended(id);
    expect(j.status).toBe('CANCELED');
    expect(j.operation.status).toBe('CANCELED');
    expect(Date.now() - asked).toBeLessThan(15_000);
    expect(k.fake.jobs.deletions.some((d) => d.name === name && d.propagationPolicy === 'Background')).toBe(true);
    expect(leftOf(id)).toEqual([]);
  }, 60_000);

  it("a job past its timeout is ended by the Job's activeDeadlineSeconds: TIMED_OUT, nothing left", async () => {
    const r = await runJob({ command: ['sh', '-c', 'echo started; sleep 60'], timeoutSeconds: 1 });
    const j = await ended(r.job.id);
    expect(j.status).toBe('TIMED_OUT');
    expect(j.exitCode).toBeNull();
    expect(j.operation.error?.code).toBe('JOB_TIMED_OUT');
    expect(lines(j)).toContain('started');
    expect(received(r.job.id)?.spec.activeDeadlineSeconds).toBe(1);
    // The cluster's deadline ended it, well before the provider's own fallback (15 s later).
    expect(Date.parse(j.finishedAt) - Date.parse(j.startedAt)).toBeLessThan(8_000);
    expect(leftOf(r.job.id)).toEqual([]);
  }, 60_000);

  it('a failing release command runs in the new image and leaves the Deployment untouched (RELEASE_COMMAND_FAILED)', async () => {
    const before = deployment();
    const jobsBefore = k.fake.jobs.received.length;
    const r = await deployWithRelease('echo migrating; echo "no such table" >&2; exit 1');
    expect(r.__typename, JSON.stringify(r)).toBe('DeployInstancePayload');
    expect(r.operation.status).toBe('FAILED');
    expect(r.operation.error.code).toBe('RELEASE_COMMAND_FAILED');
    expect(r.operation.error.message).toMatch(/^the release command exited with code 1; last lines: /);
    expect(r.operation.error.message).toContain('no such table');
    expect(r.operation.job).toMatchObject({ status: 'FAILED', exitCode: 1 });
    const sent = k.fake.jobs.received.slice(jobsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.spec.template.spec.containers[0].image).toBe(V2);
    // Its spec never changed: the same template (still V1) and generation as before the deploy.
    const after = deployment();
    expect(after?.spec.template.spec.containers[0].image).toBe(V1);
    expect(after?.spec).toEqual(before?.spec);
    expect(after?.metadata.generation).toBe(before?.metadata.generation);
    expect(k.fake.list('jobs', NS)).toEqual([]);
    expect(k.fake.list('pods', NS).filter((p) => p.metadata.labels[JobLabels.job])).toEqual([]);
  }, 60_000);

  it('a release command that succeeds runs as a Job before the Deployment is changed', async () => {
    const from = k.fake.requests.length;
    const r = await deployWithRelease('echo migrated');
    expect(r.operation.status, JSON.stringify(r.operation.error)).toBe('SUCCEEDED');
    expect(r.operation.job).toMatchObject({ status: 'SUCCEEDED', exitCode: 0 });
    const seen = k.fake.requests.slice(from);
    const created = seen.findIndex((q) => q.method === 'POST' && q.path === `/apis/batch/v1/namespaces/${NS}/jobs`);
    const jobDeleted = seen.findIndex((q) => q.method === 'DELETE' && q.path.startsWith(`/apis/batch/v1/`));
    const changed = seen.findIndex(
      (q) => ['PUT', 'PATCH'].includes(q.method) && q.path === `/apis/apps/v1/namespaces/${NS}/deployments/wh-${local}`,
    );
    expect(created).toBeGreaterThanOrEqual(0);
    expect(changed).toBeGreaterThan(jobDeleted);
    expect(jobDeleted).toBeGreaterThan(created);
    expect(deployment()?.spec.template.spec.containers[0].image).toBe(V2);
    expect(k.fake.list('jobs', NS)).toEqual([]);
    expect(k.fake.list('pods', NS).filter((p) => p.metadata.labels[JobLabels.job])).toEqual([]);
  }, 60_000);

  it('an image the cluster cannot pull fails the job at once (not at its deadline); nothing is left', async () => {
    k.fake.failImage(V2);
    try {
      const r = await runJob({ command: ['echo', 'never'], timeoutSeconds: 600 });
      const j = await ended(r.job.id);
      expect(j.status).toBe('FAILED');
      expect(j.exitCode).toBeNull();
      expect(j.error).toMatch(/image registry\.test\/jobs:v2 cannot be pulled \(ErrImagePull/);
      expect(Date.parse(j.finishedAt) - Date.parse(j.startedAt)).toBeLessThan(10_000);
      expect(leftOf(r.job.id)).toEqual([]);
    } finally {
      k.fake.failImage(V2, false);
    }
  }, 60_000);
});
