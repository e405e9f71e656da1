/**
 * Workload sources on Kubernetes (issue 26), through the API, the executor
 * and the real provider against the in-process API stand-in: manifests
 * applied by server-side apply, labelled, inventoried in the database, pruned
 * on deploy and restored by rollback; a kustomization built by the real
 * kubectl; a bad document that applies nothing; an Argo CD Application whose
 * status the instance follows; a Helm chart rendered by a stand-in `helm`.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { findBinary } from '../../src/providers/kubernetes/kubernetes-render.js';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { localIdOf, query, startTestApp, type TestApp } from '../support/app.js';
import { skipUnless } from '../support/env.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';

const NS = 'wh';

const Provision = graphql(`
  mutation SourceProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload {
        instance { id sourceType }
        operation { status error { code message } steps { name message } }
      }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Deploy = graphql(`
  mutation SourceDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload { operation { status error { code message } steps { name message } } }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Rollback = graphql(`
  mutation SourceRollback($input: RollbackInstanceInput!) {
    rollbackInstance(input: $input) {
      __typename
      ... on RollbackInstancePayload { operation { status error { code message } } }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation SourceDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) {
      __typename
      ... on DeprovisionInstancePayload { operation { status error { code message } } }
      ... on Error { message }
    }
  }
`);

const Show = graphql(`
  query SourceInstance($id: ID!) {
    node(id: $id) {
      ... on Instance {
        state
        ready
        message
        sourceType
        objects { apiVersion kind namespace name ready message }
        releases(first: 10) { edges { node { id version sourceType manifests } } }
      }
    }
  }
`);

const doc = {
  config: (value: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
data:
  greeting: ${value}
`,
  deployment: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: registry.test/busybox:stable
          command: ["sh", "-c", "while true; do sleep 0.2; done"]
`,
  service: `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: { app: web }
  ports: [{ port: 80, targetPort: 8080 }]
`,
};
const set = (...docs: string[]) => docs.join('---\n');

describe('workload sources on Kubernetes', () => {
  let fake: FakeKubeApi;
  let t: TestApp;
  let token: string;
  let provider: KubernetesProvider;
  let dir: string;
  let helmArgs: string;

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    fake.defineResource({ group: 'argoproj.io', version: 'v1alpha1', kind: 'Application', plural: 'applications' });
    fake.createNamespace('argocd');
    dir = await mkdtemp(join(tmpdir(), 'wh-sources-'));
    // The stand-in helm: records its arguments, prints a fixed chart's rendering.
    helmArgs = join(dir, 'helm-args');
    const helm = join(dir, 'helm');
    await writeFile(
      helm,
      `#!/bin/sh
printf '%s\\n' "$@" > ${helmArgs}
cat <<'EOF'
---
# Source: demo/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: demo-settings
data:
  mode: chart
EOF
`,
    );
    await chmod(helm, 0o755);
    provider = new KubernetesProvider({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: NS,
      pollIntervalMs: 25,
      minReadyMs: 100,
      startTimeoutMs: 10_000,
      readiness: { timeoutMs: 15_000, intervalMs: 100 },
      sources: { helm },
    });
    const registry = new Registry();
    registry.register('kubernetes', provider);
    registry.setDefault('kubernetes');
    t = await startTestApp({ registry });
    token = (await t.newTenant()).token;
  });

  afterAll(async () => {
    await t?.stop();
    provider?.close();
    await fake?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const provision = async (name: string, source: object, wait = true) => {
    const r = await query(t.url, token, Provision, {
      input: { name, services: [], source, wait, readiness: { timeoutSeconds: 20, intervalSeconds: 1 } },
    });
    return r.provisionInstance;
  };
  const show = async (gid: string) => {
    const r = await query(t.url, token, Show, { id: gid });
    if (!r.node || !('objects' in r.node)) throw new Error(JSON.stringify(r));
    return r.node;
  };
  const inventory = async (releaseGid: string) =>
    (
      await t.database.db
        .selectFrom('release_objects')
        .select(['kind', 'name'])
        .where('release_id', '=', localIdOf(releaseGid))
        .orderBy('seq')
        .execute()
    ).map((r) => `${r.kind}/${r.name}`);

  it('applies three documents labelled, lists them, prunes on deploy and restores them on rollback', async () => {
    const applied = fake.applies.length;
    const p = await provision('shop', { manifests: { yaml: set(doc.config('hello'), doc.deployment, doc.service) } });
    if (p.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    expect(p.operation.status, JSON.stringify(p.operation)).toBe('SUCCEEDED');
    expect(p.instance.sourceType).toBe('MANIFESTS');
    const id = localIdOf(p.instance.id);

    // Where it lands: each object in the cluster, labelled for the instance, applied by field manager wheelhouse.
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual(
      ['ConfigMap/web-config', 'ConfigMap/wh-' + id, 'Deployment/web', 'Service/web'].sort(),
    );
    const cm = fake.get('configmaps', NS, 'web-config');
    expect(cm?.data).toEqual({ greeting: 'hello' });
    expect(cm?.metadata.managedFields).toEqual([
      expect.objectContaining({ manager: 'wheelhouse', operation: 'Apply' }),
    ]);
    const newApplies = fake.applies.slice(applied);
    expect(newApplies.length).toBeGreaterThanOrEqual(3);
    expect(newApplies.every((a) => a.fieldManager === 'wheelhouse' && a.force === 'true')).toBe(true);
    const deploymentUid = fake.get('deployments', NS, 'web')?.metadata.uid;

    const v1 = await show(p.instance.id);
    expect(v1.state).toBe('RUNNING');
    expect(v1.ready).toBe(true);
    expect(v1.objects.map((o) => `${o.kind}/${o.name}:${o.ready}`)).toEqual([
      'ConfigMap/web-config:true',
      'Deployment/web:true',
      'Service/web:true',
    ]);
    const release1 = v1.releases.edges[0]!.node;
    expect(release1.sourceType).toBe('MANIFESTS');
    expect(release1.manifests).toContain('kind: Deployment');
    expect(await inventory(release1.id)).toEqual(['ConfigMap/web-config', 'Deployment/web', 'Service/web']);

    // A deploy that changes one document and drops one: the dropped Service is pruned, found from the inventory.
    const d = await query(t.url, token, Deploy, {
      input: {
        instanceId: p.instance.id,
        services: [],
        source: { manifests: { yaml: set(doc.config('bonjour'), doc.deployment) } },
        wait: true,
      },
    });
    if (d.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(d));
    expect(d.deployInstance.operation.status, JSON.stringify(d.deployInstance.operation)).toBe('SUCCEEDED');
    expect(d.deployInstance.operation.steps[0]?.message).toContain('pruned Service/web');
    expect(fake.get('services', NS, 'web')).toBeUndefined();
    expect(fake.get('configmaps', NS, 'web-config')?.data).toEqual({ greeting: 'bonjour' });
    expect(fake.get('deployments', NS, 'web')?.metadata.uid).toBe(deploymentUid);
    const v2 = await show(p.instance.id);
    expect(v2.objects.map((o) => `${o.kind}/${o.name}`)).toEqual(['ConfigMap/web-config', 'Deployment/web']);

    // Rollback re-applies the first release's rendered documents.
    const r = await query(t.url, token, Rollback, {
      input: { instanceId: p.instance.id, releaseId: release1.id, wait: true },
    });
    if (r.rollbackInstance.__typename !== 'RollbackInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.rollbackInstance.operation.status, JSON.stringify(r.rollbackInstance)).toBe('SUCCEEDED');
    expect(fake.get('services', NS, 'web')?.metadata.labels?.[Labels.instance]).toBe(id);
    expect(fake.get('configmaps', NS, 'web-config')?.data).toEqual({ greeting: 'hello' });
    expect((await show(p.instance.id)).objects).toHaveLength(3);

    // Deprovision deletes every object of the inventory.
    const gone = await query(t.url, token, Deprovision, { input: { instanceId: p.instance.id, wait: true } });
    if (gone.deprovisionInstance.__typename !== 'DeprovisionInstancePayload') throw new Error(JSON.stringify(gone));
    expect(gone.deprovisionInstance.operation.status).toBe('SUCCEEDED');
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
  });

  it('refuses a bad document with a ValidationError naming it, and applies nothing', async () => {
    const before = fake.applies.length;
    const cases: Array<[string, RegExp]> = [
      [
        set(doc.config('x'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n'),
        /document 2 \(Widget\/w\): the cluster serves no Widget in example\.com\/v1/,
      ],
      [
        set(doc.config('x'), 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n'),
        /document 2 \(Secret\/s\): Secret documents are refused/,
      ],
      [
        set(doc.config('x'), doc.service.replace('name: web', 'name: web\n  namespace: kube-system')),
        /document 2 \(Service\/web\): namespace kube-system is not allowed/,
      ],
      [set(doc.config('x'), 'kind: [unclosed\n'), /document 2: invalid YAML/],
    ];
    for (const [yaml, message] of cases) {
      const p = await provision('bad', { manifests: { yaml } });
      if (p.__typename !== 'ValidationError') throw new Error(JSON.stringify(p));
      expect(p.fieldErrors[0]?.path).toEqual(['input', 'source', 'manifests', 'yaml']);
      expect(p.fieldErrors[0]?.message).toMatch(message);
    }
    expect(fake.applies.length).toBe(before);
    expect(fake.get('configmaps', NS, 'web-config')).toBeUndefined();

    // Services and a source together, or no kind, are refused by field path.
    const both = await query(t.url, token, Provision, {
      input: {
        name: 'both',
        services: [{ name: 'a', image: 'registry.test/busybox:stable' }],
        source: { manifests: { yaml: doc.config('x') } },
      },
    });
    if (both.provisionInstance.__typename !== 'ValidationError') throw new Error(JSON.stringify(both));
    expect(both.provisionInstance.fieldErrors.map((e) => e.path.join('.'))).toEqual(['input.services']);
    const none = await provision('none', {});
    if (none.__typename !== 'ValidationError') throw new Error(JSON.stringify(none));
    expect(none.fieldErrors.map((e) => e.path.join('.'))).toEqual(['input.source']);
  });

  it.skipIf(skipUnless('kubectl', findBinary('kubectl') !== undefined))(
    'builds a kustomization with kubectl (namePrefix)',
    async () => {
      const p = await provision('kust', {
        manifests: {
          kustomize: [
            { path: 'kustomization.yaml', content: 'namePrefix: blue-\nresources:\n  - app.yaml\n' },
            { path: 'app.yaml', content: set(doc.config('kustomized'), doc.deployment) },
          ],
        },
      });
      if (p.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
      expect(p.operation.status, JSON.stringify(p.operation)).toBe('SUCCEEDED');
      expect(fake.get('configmaps', NS, 'blue-web-config')?.data).toEqual({ greeting: 'kustomized' });
      expect(fake.get('deployments', NS, 'blue-web')?.metadata.labels?.[Labels.instance]).toBe(
        localIdOf(p.instance.id),
      );
      const v = await show(p.instance.id);
      expect(v.objects.map((o) => o.name)).toEqual(['blue-web-config', 'blue-web']);
    },
  );

  it('creates the Argo CD Application as given and follows its status; deprovision deletes it', async () => {
    const p = await provision(
      'argo-app',
      {
        argocd: {
          repoUrl: 'https://git.example.com/shop.git',
          path: 'deploy/prod',
          targetRevision: 'v1.4.0',
          destNamespace: 'shop',
          helm: { valueFiles: ['values-prod.yaml'], parameters: [{ key: 'replicas', value: '3' }] },
          syncPolicy: { automated: true, selfHeal: true, prune: true },
        },
      },
      false,
    );
    if (p.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    expect(p.instance.sourceType).toBe('ARGOCD');
    const id = localIdOf(p.instance.id);
    const name = `wh-${id}`;
    const app = await until(() => fake.get('applications', 'argocd', name));
    expect(app.spec).toEqual({
      project: 'default',
      source: {
        repoURL: 'https://git.example.com/shop.git',
        path: 'deploy/prod',
        targetRevision: 'v1.4.0',
        helm: { valueFiles: ['values-prod.yaml'], parameters: [{ name: 'replicas', value: '3' }] },
      },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'shop' },
      syncPolicy: { automated: { prune: true, selfHeal: true } },
    });
    expect(app.metadata.labels[Labels.instance]).toBe(id);

    // Progressing: still starting, not ready.
    fake.setStatus('applications', 'argocd', name, {
      sync: { status: 'OutOfSync' },
      health: { status: 'Progressing' },
    });
    const starting = await provider.status({}, id);
    expect(starting.state).toBe('starting');
    expect(starting.ready).toBe(false);
    // Synced and Healthy: the provision's readiness wait ends, the instance is RUNNING and ready.
    fake.setStatus('applications', 'argocd', name, { sync: { status: 'Synced' }, health: { status: 'Healthy' } });
    const running = await until(async () => {
      const v = await show(p.instance.id);
      return v.state === 'RUNNING' && v.ready ? v : undefined;
    });
    expect(running.objects).toEqual([
      {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        namespace: 'argocd',
        name,
        ready: true,
        message: null,
      },
    ]);
    // OutOfSync while healthy: not ready, and the message says why; Degraded: failed.
    fake.setStatus('applications', 'argocd', name, { sync: { status: 'OutOfSync' }, health: { status: 'Healthy' } });
    const drifted = await provider.status({}, id);
    expect(drifted.ready).toBe(false);
    expect(drifted.message).toMatch(/OutOfSync/);
    fake.setStatus('applications', 'argocd', name, {
      sync: { status: 'Synced' },
      health: { status: 'Degraded', message: 'Deployment web: 0/3 available' },
    });
    const degraded = await provider.status({}, id);
    expect(degraded.state).toBe('failed');
    expect(degraded.message).toMatch(/Degraded: Deployment web: 0\/3 available/);

    const gone = await query(t.url, token, Deprovision, { input: { instanceId: p.instance.id, wait: true } });
    if (gone.deprovisionInstance.__typename !== 'DeprovisionInstancePayload') throw new Error(JSON.stringify(gone));
    expect(gone.deprovisionInstance.operation.status).toBe('SUCCEEDED');
    expect(fake.get('applications', 'argocd', name)).toBeUndefined();
  });

  it('renders a Helm chart with the helm binary and applies it as manifests', async () => {
    expect(provider.capabilities()).toContain('source:helm');
    const p = await provision('chart', {
      helm: { chart: 'demo', repoUrl: 'https://charts.example.com', version: '1.2.3', values: { replicas: 2 } },
    });
    if (p.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    expect(p.operation.status, JSON.stringify(p.operation)).toBe('SUCCEEDED');
    expect(p.instance.sourceType).toBe('HELM');
    const args = (await readFile(helmArgs, 'utf8')).trim().split('\n');
    expect(args.slice(0, 5)).toEqual(['template', 'chart', 'demo', '--namespace', NS]);
    expect(args).toEqual(
      expect.arrayContaining(['--repo', 'https://charts.example.com', '--version', '1.2.3', '--values']),
    );
    expect(fake.get('configmaps', NS, 'demo-settings')?.metadata.labels?.[Labels.instance]).toBe(
      localIdOf(p.instance.id),
    );
    const v = await show(p.instance.id);
    expect(v.releases.edges[0]?.node.manifests).toContain('name: demo-settings');
  });

  it('does not declare source:helm where no helm binary is found', () => {
    const without = new KubernetesProvider({
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: NS,
      sources: { helm: join(dir, 'no-such-helm') },
    });
    expect(without.capabilities()).toContain('source:manifests');
    expect(without.capabilities()).not.toContain('source:helm');
    without.close();
  });
});

/** Polls `read` until it returns something (10 s at most). */
async function until<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
