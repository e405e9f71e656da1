import type { NewInstance } from '../../src/db/database.js';
import { json } from '../../src/db/db-types.js';

/**
 * A running, ready instance row of one tenant, with every JSON column empty:
 * a test that writes rows straight through the repository names only what it
 * is about.
 */
export function instanceRow(
  partial: Partial<NewInstance> & Pick<NewInstance, 'id' | 'tenant_id' | 'name' | 'provider_key'>,
): NewInstance {
  return {
    kind: 'deployment',
    desired_state: 'running',
    state: 'running',
    ready: true,
    labels: json({}),
    services: json([]),
    readiness_policy: null,
    endpoints: json([]),
    service_status: json({}),
    generation: 1,
    ...partial,
  };
}
