/**
 * GPUs on Docker, as the spec code renders them: a count or `all` becomes a
 * DeviceRequests entry for the nvidia driver; a service without GPUs gets none.
 * And the runtime check that decides the `gpu` capability.
 */
import { describe, expect, it } from 'vitest';
import { hasNvidiaRuntime } from '../../src/providers/docker/docker-gpu.js';
import { type ContainerPlan, createOptions, labelledSpecOf } from '../../src/providers/docker/docker-spec.js';
import { serviceSpec } from '../support/service-spec.js';

const plan = (gpu?: string): ContainerPlan => ({
  instanceId: 'i-1',
  kind: 'deployment',
  network: 'wh-i-1',
  spec: labelledSpecOf(serviceSpec({ name: 'trainer', image: 'registry.test/cuda', resources: gpu ? { gpu } : {} })),
  replica: 0,
  imageId: 'sha256:abc',
  baseLabels: {},
  secretEnv: {},
  init: true,
});

describe('Docker GPU requests', () => {
  it('renders a count as DeviceRequests for the nvidia driver', () => {
    expect(createOptions(plan('2')).HostConfig?.DeviceRequests).toEqual([
      { Driver: 'nvidia', Count: 2, Capabilities: [['gpu']] },
    ]);
  });
  it('renders "all" as Count -1 (every GPU, as --gpus all)', () => {
    expect(createOptions(plan('all')).HostConfig?.DeviceRequests).toEqual([
      { Driver: 'nvidia', Count: -1, Capabilities: [['gpu']] },
    ]);
  });
  it('asks for no device without a GPU request', () => {
    expect(createOptions(plan()).HostConfig?.DeviceRequests).toBeUndefined();
  });
  it('declares GPUs only for an Engine that lists an nvidia runtime', () => {
    expect(hasNvidiaRuntime({ Runtimes: { runc: {}, nvidia: { path: 'nvidia-container-runtime' } } })).toBe(true);
    expect(hasNvidiaRuntime({ Runtimes: { runc: {}, 'io.containerd.runc.v2': {} } })).toBe(false);
    expect(hasNvidiaRuntime(undefined)).toBe(false);
  });
});
