import type { ProvisionRequest } from '../../src/providers/provider.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';

/**
 * A provider-level service spec with every list and map empty and the role
 * `main`: a test names only what it is about.
 */
export function serviceSpec(partial: Partial<ServiceSpec> & Pick<ServiceSpec, 'name' | 'image'>): ServiceSpec {
  return {
    role: 'main',
    dependsOn: [],
    resources: {},
    env: {},
    ports: [],
    volumes: [],
    secrets: [],
    configFiles: [],
    annotations: {},
    ...partial,
  };
}

/** A provision request of tenant `t`, kind deployment, no labels, named `name`. */
export function provisionRequest(
  instanceId: string,
  name: string,
  services: ServiceSpec[],
  extra: Partial<ProvisionRequest> = {},
): ProvisionRequest {
  return { instanceId, tenantId: 't', name, kind: 'deployment', labels: {}, services, ...extra };
}
