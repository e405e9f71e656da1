/**
 * The CLI with a workload source (issue 26), as a user runs it: a
 * wheelhouse.yaml whose `source:` names a manifests file, then a kustomize
 * directory; `apply` provisions and deploys it; `status` lists the objects.
 * Against the real server with the Kubernetes provider on the API stand-in.
 * With WHEELHOUSE_PRINT_SESSION=1 the session is printed (docs/kubernetes.md).
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { findBinary } from '../../src/providers/kubernetes/kubernetes-render.js';
import { Registry } from '../../src/providers/registry.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { skipUnless } from '../support/env.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';

const APP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
data:
  greeting: hello
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
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
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: { app: web }
  ports: [{ port: 80, targetPort: 8080 }]
`;

describe('wheelhouse apply with a source', () => {
  let fake: FakeKubeApi;
  let provider: KubernetesProvider;
  let t: TestApp;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    fake.defineResource({ group: 'argoproj.io', version: 'v1alpha1', kind: 'Application', plural: 'applications' });
    fake.createNamespace('argocd');
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-sources-'));
    // A stand-in helm that prints a fixed rendering (Debian has no helm).
    const helm = join(dir, 'helm');
    await writeFile(
      helm,
      "#!/bin/sh\ncat <<'EOF'\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo-settings\ndata:\n  mode: chart\nEOF\n",
    );
    await chmod(helm, 0o755);
    provider = new KubernetesProvider({
      sources: { helm },
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      namespace: 'wh',
      pollIntervalMs: 25,
      minReadyMs: 100,
      readiness: { timeoutMs: 15_000, intervalMs: 100 },
    });
    const registry = new Registry();
    registry.register('kubernetes', provider);
    t = await startTestApp({ registry });
    const { token } = await t.newTenant();
    env = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
  });
  afterAll(async () => {
    await t?.stop();
    provider?.close();
    await fake?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const cli = (args: string[]) => runCli(args, { cwd: dir, env });

  it('provisions from a manifests file, deploys a change, and status lists the objects', async () => {
    await writeFile(join(dir, 'app.yaml'), APP);
    await writeFile(join(dir, 'wheelhouse.yaml'), 'name: shop\nsource:\n  manifests: { file: app.yaml }\n');
    const first = await cli(['apply', '-f', 'wheelhouse.yaml', '--wait']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('shop: provision (manifests source)');
    expect(fake.get('deployments', 'wh', 'web')?.spec.replicas).toBe(2);

    const status = await cli(['status', 'shop']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('source:    MANIFESTS');
    expect(status.stdout).toMatch(/Deployment\s+web\s+wh\s+yes/);
    expect(status.stdout).toMatch(/Service\s+web\s+wh\s+yes/);

    // Drop the Service, change the ConfigMap: apply deploys the source again and the server prunes.
    await writeFile(join(dir, 'app.yaml'), APP.split('---\n').slice(0, 2).join('---\n').replace('hello', 'bonjour'));
    const second = await cli(['apply', '-f', 'wheelhouse.yaml', '--wait']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('shop: deploy its manifests source');
    expect(fake.get('services', 'wh', 'web')).toBeUndefined();
    expect(fake.get('configmaps', 'wh', 'web-config')?.data).toEqual({ greeting: 'bonjour' });
    const after = await cli(['status', 'shop']);
    expect(after.stdout).not.toMatch(/Service\s+web/);
  });

  it.skipIf(skipUnless('kubectl', findBinary('kubectl') !== undefined))(
    'provisions from a kustomize directory',
    async () => {
      await mkdir(join(dir, 'k8s'), { recursive: true });
      await writeFile(join(dir, 'k8s', 'kustomization.yaml'), 'namePrefix: green-\nresources:\n  - app.yaml\n');
      await writeFile(join(dir, 'k8s', 'app.yaml'), APP);
      await writeFile(join(dir, 'green.yaml'), 'name: green\nsource:\n  kustomize: { dir: ./k8s }\n');
      const r = await cli(['apply', '-f', 'green.yaml', '--wait']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('green: provision (kustomize (2 files) source)');
      expect(fake.get('deployments', 'wh', 'green-web')).toBeDefined();
      const status = await cli(['status', 'green']);
      expect(status.stdout).toMatch(/ConfigMap\s+green-web-config\s+wh\s+yes/);
    },
  );

  it('applies a Helm chart and an Argo CD Application, and status follows the Application', async () => {
    await writeFile(
      join(dir, 'chart.yaml'),
      'name: chart\nsource:\n  helm: { chart: demo, repoUrl: https://charts.example.com, version: 1.2.3 }\n',
    );
    const helm = await cli(['apply', '-f', 'chart.yaml', '--wait']);
    expect(helm.code, helm.stderr).toBe(0);
    expect(fake.get('configmaps', 'wh', 'demo-settings')).toBeDefined();
    expect((await cli(['status', 'chart'])).stdout).toMatch(/ConfigMap\s+demo-settings\s+wh\s+yes/);

    await writeFile(
      join(dir, 'argo.yaml'),
      'name: shop-argo\nsource:\n  argocd:\n    repoUrl: https://git.example.com/shop.git\n    path: deploy/prod\n    syncPolicy: { automated: true, prune: true }\n',
    );
    const argo = await cli(['apply', '-f', 'argo.yaml']);
    expect(argo.code, argo.stderr).toBe(0);
    const app = await until(() => fake.list('applications', 'argocd')[0]);
    fake.setStatus('applications', 'argocd', app.metadata.name, {
      sync: { status: 'Synced' },
      health: { status: 'Healthy' },
    });
    const ready = await until(async () => {
      const r = await cli(['status', 'shop-argo']);
      return r.stdout.includes('RUNNING (ready)') ? r : undefined;
    });
    expect(ready.stdout).toContain('source:    ARGOCD');
    expect(ready.stdout).toMatch(/Application\s+wh-\S+\s+argocd\s+yes/);
  });
});

/** Polls `read` until it returns something (15 s at most). */
async function until<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
