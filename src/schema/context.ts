import type { Principal } from '../control/scopes.js';
import type { Services } from '../control/services.js';
import type { Loaders } from './loaders.js';

/** What every resolver receives: who is asking, and the domain services. */
export interface GraphQLContext {
  principal: Principal;
  services: Services;
  requestId: string;
  loaders: Loaders;
}
