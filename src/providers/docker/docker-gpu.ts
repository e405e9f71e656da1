/**
 * GPUs on Docker (issue 26): a service's `resources.gpu` becomes a
 * `DeviceRequests` entry for the nvidia driver (`--gpus`), a count or every
 * GPU (`all`: Count -1). `gpu` is declared only when the Engine lists an
 * nvidia runtime in `docker info`; without one the control plane refuses a
 * GPU request (CapabilityNotSupportedError) before anything is created.
 */
import type Dockerode from 'dockerode';

/** One DeviceRequests entry as the Engine API takes it. */
export interface DeviceRequest {
  Driver: string;
  Count: number;
  DeviceIDs?: string[];
  Capabilities: string[][];
}

/** The DeviceRequests a GPU request renders to; empty without one. */
export function deviceRequestsOf(gpu: string | undefined): DeviceRequest[] {
  if (!gpu) return [];
  const count = gpu === 'all' ? -1 : Number.parseInt(gpu, 10);
  return [{ Driver: 'nvidia', Count: count, Capabilities: [['gpu']] }];
}

/** Whether `docker info` lists an nvidia runtime (the NVIDIA Container Toolkit). */
export function hasNvidiaRuntime(info: { Runtimes?: Record<string, unknown> } | undefined): boolean {
  return Object.keys(info?.Runtimes ?? {}).some((name) => name === 'nvidia' || name.startsWith('nvidia-'));
}

/** `docker info`, for the runtime check (dockerode's typing takes no options; the call's signal rides in them). */
export function engineInfo(docker: Dockerode, opts: object): Promise<{ Runtimes?: Record<string, unknown> }> {
  const info = (docker as unknown as { info(o: object): Promise<{ Runtimes?: Record<string, unknown> }> }).info;
  return info.call(docker, opts);
}
