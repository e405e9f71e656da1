/**
 * A container's resources on Kubernetes: a service's CPU, memory and disk as
 * the container's requests and limits (requested as much as limited), the
 * edits a scale or deploy makes to them, and the quantities the API answers
 * in (`250m`, `64Mi`) read back as numbers.
 */
import type { V1Container, V1ResourceRequirements } from '@kubernetes/client-node';
import type { ResourceSpec } from '../service-spec.js';

/**
 * The container resource `diskMb` becomes: the pod's scratch space (its
 * writable layer, logs and emptyDir volumes), which the kubelet evicts the pod
 * for exceeding. Volumes are PersistentVolumeClaims and do not count.
 */
export const DISK_RESOURCE = 'ephemeral-storage';

/** Requests and limits for CPU, memory and disk (ephemeral storage); zero or absent means none (the cluster default). */
export function resourcesOf(r: ResourceSpec | undefined): V1ResourceRequirements {
  const limits: Record<string, string> = {};
  if (r?.cpuMillis) limits.cpu = `${r.cpuMillis}m`;
  if (r?.memoryMb) limits.memory = `${r.memoryMb}Mi`;
  if (r?.diskMb) limits[DISK_RESOURCE] = `${r.diskMb}Mi`;
  // Requested as much as limited: the scheduler places the pod where that much is free, and it is never squeezed.
  return Object.keys(limits).length > 0 ? { limits: { ...limits }, requests: { ...limits } } : {};
}

/** Megabytes in a Kubernetes memory quantity (`64Mi`, `1Gi`, `100M`, bytes). */
export function quantityMb(q: string | undefined): number {
  if (!q) return 0;
  const m = /^([0-9.]+)([a-zA-Z]*)$/.exec(q.trim());
  if (!m) return 0;
  const n = Number(m[1]);
  const unit: Record<string, number> = {
    '': 1,
    k: 1e3,
    Ki: 1024,
    M: 1e6,
    Mi: 1024 ** 2,
    G: 1e9,
    Gi: 1024 ** 3,
    T: 1e12,
    Ti: 1024 ** 4,
  };
  return (n * (unit[m[2] ?? ''] ?? 1)) / 1024 ** 2;
}

/** Millicores in a Kubernetes CPU quantity (`250m`, `1`, `1500000n`). */
export function quantityMillis(q: string | undefined): number {
  if (!q) return 0;
  const m = /^([0-9.]+)([numk]?)$/.exec(q.trim());
  if (!m) return 0;
  const n = Number(m[1]);
  switch (m[2]) {
    case 'n':
      return n / 1e6;
    case 'u':
      return n / 1e3;
    case 'm':
      return n;
    case 'k':
      return n * 1e6;
    default:
      return n * 1000;
  }
}

/** Applies CPU, memory and disk of `r` to a container: undefined keeps, zero removes the limit. */
export function applyResources(container: V1Container, r: ResourceSpec): void {
  const limits: Record<string, string> = { ...(container.resources?.limits ?? {}) };
  if (r.cpuMillis !== undefined) {
    if (r.cpuMillis) limits.cpu = `${r.cpuMillis}m`;
    else delete limits.cpu;
  }
  if (r.memoryMb !== undefined) {
    if (r.memoryMb) limits.memory = `${r.memoryMb}Mi`;
    else delete limits.memory;
  }
  if (r.diskMb !== undefined) {
    if (r.diskMb) limits[DISK_RESOURCE] = `${r.diskMb}Mi`;
    else delete limits[DISK_RESOURCE];
  }
  container.resources = Object.keys(limits).length > 0 ? { limits: { ...limits }, requests: { ...limits } } : {};
}
