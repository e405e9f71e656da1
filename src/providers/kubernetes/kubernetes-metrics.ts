/**
 * Resource usage from the metrics API (metrics.k8s.io), summed over an
 * instance's current pods; limits from the pod template. The metrics API
 * reports no network figures: they are 0.
 */
import type { Metrics, V1Pod } from '@kubernetes/client-node';
import type { ResourceUsage } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import type { KubeCall } from './kubernetes-call.js';
import { statusCodeOf } from './kubernetes-errors.js';
import type { Workload } from './kubernetes-objects.js';
import { quantityMb, quantityMillis } from './kubernetes-resources.js';

/** Usage of `pods` of `w`; without a metrics API the answer is `unavailable` saying so. */
export async function usageOf(
  metricsApi: Metrics,
  namespace: string,
  endpoint: string,
  call: KubeCall,
  w: Workload,
  pods: V1Pod[],
): Promise<ResourceUsage> {
  let metrics: Awaited<ReturnType<Metrics['getPodMetrics']>>;
  try {
    metrics = await withTimeout(metricsApi.getPodMetrics(namespace), call.requestSignal());
  } catch (err) {
    const code = statusCodeOf(err);
    if (code === 404 || code === 503) {
      throw call.fail(
        ProviderErrorKinds.unavailable,
        `the metrics API (metrics.k8s.io) is not available on ${endpoint}; install metrics-server to report resource usage`,
        err,
      );
    }
    throw err;
  }
  const names = new Set(pods.map((p) => p.metadata?.name));
  let cpuMillis = 0;
  let memoryUsedMb = 0;
  for (const item of metrics.items) {
    if (!names.has(item.metadata.name)) continue;
    for (const c of item.containers) {
      cpuMillis += quantityMillis(c.usage.cpu);
      memoryUsedMb += quantityMb(c.usage.memory);
    }
  }
  const perPodLimit = (w.spec?.template.spec?.containers ?? []).reduce(
    (n, c) => n + quantityMb(c.resources?.limits?.memory),
    0,
  );
  return {
    cpuPercent: cpuMillis / 10,
    memoryUsedMb,
    memoryLimitMb: perPodLimit * pods.length,
    networkInMb: 0,
    networkOutMb: 0,
  };
}

/** Races `promise` against `signal` (for client calls that take no signal). */
function withTimeout<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
