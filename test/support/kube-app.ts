/**
 * Wheelhouse over a Kubernetes provider on the in-process API stand-in, as the
 * API tests drive it: the stand-in with the images it may run, the provider
 * with fast polls and readiness, the only (default) provider of a fresh app,
 * and one tenant's token.
 */
import { loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import type { KubernetesProviderOptions } from '../../src/providers/kubernetes/kubernetes-options.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { gql, startTestApp, type TestApp } from './app.js';
import { FakeKubeApi } from './fake-kube-api.js';

/** The app, its provider, the stand-in behind it, and a tenant's token; `close` stops them all. */
export interface KubeApp {
  fake: FakeKubeApi;
  provider: KubernetesProvider;
  /** The app's registry (the provider under `kubernetes`). */
  registry: Registry;
  app: TestApp;
  token: string;
  close(): Promise<void>;
}

/** The script every long-running test image runs on the stand-in. */
const SERVES = 'while true; do sleep 0.2; done';

/**
 * Starts the stand-in, defines `images` (each serving its tag as its body), and
 * Wheelhouse with a Kubernetes provider in `namespace`; `options` adds to or
 * overrides the provider's fast test settings.
 */
export async function startKubeApp(
  namespace: string,
  images: readonly string[],
  options: Partial<KubernetesProviderOptions> = {},
): Promise<KubeApp> {
  const fake = await new FakeKubeApi().start();
  for (const image of images) fake.defineImage(image, { script: SERVES, body: image.split(':').at(-1) ?? image });
  const provider = new KubernetesProvider({
    kubeConfig: loadKubeConfig(fake.kubeconfigPath),
    namespace,
    pollIntervalMs: 25,
    minReadyMs: 100,
    startTimeoutMs: 10_000,
    readiness: { timeoutMs: 15_000, intervalMs: 100 },
    ...options,
  });
  const registry = new Registry();
  registry.register('kubernetes', provider);
  registry.setDefault('kubernetes');
  const app = await startTestApp({ registry });
  const token = (await app.newTenant()).token;
  return {
    fake,
    provider,
    registry,
    app,
    token,
    async close() {
      await app.stop();
      provider.close();
      await fake.close();
    },
  };
}

/** What `provisionOn` answers: the new instance's global id and first release, or the typed error. */
export interface Provisioned {
  __typename: string;
  message?: string;
  instance: { id: string; currentRelease: { id: string } };
  operation: { status: string; error: { message: string } | null };
}

/** Provisions `input` (waiting, with a short readiness) through the API. */
export async function provisionOn(k: KubeApp, input: Record<string, unknown>): Promise<Provisioned> {
  const r = await gql(
    k.app,
    k.token,
    `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
      ... on Error { message } ... on ProvisionInstancePayload {
        instance { id currentRelease { id } } operation { status error { message } } } } }`,
    { input: { wait: true, readiness: { timeoutSeconds: 20, intervalSeconds: 1 }, ...input } },
  );
  return r.provisionInstance;
}

/** How many of `n` requests (`serve` answers one body each) each body answered. */
export function tally(serve: () => string, n: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const body = serve();
    out[body] = (out[body] ?? 0) + 1;
  }
  return out;
}

/** True when every request of `counts` was answered by `body`. */
export function serveOnly(counts: Record<string, number>, body: string): boolean {
  return Object.keys(counts).length === 1 && counts[body] !== undefined;
}

/** Waits until `check` holds, polling every 50 ms; fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
