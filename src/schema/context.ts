import type { Principal } from '../control/scopes.js';
import type { Services } from '../control/services.js';
import type { Loaders } from './loaders.js';

/** What every resolver receives: who is asking, and the domain services. */
export interface GraphQLContext {
  principal: Principal;
  services: Services;
  requestId: string;
  /** The caller's address as the socket saw it (the audit log records it); absent outside a request. */
  ip?: string | null;
  loaders: Loaders;
}
