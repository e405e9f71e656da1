import type { Config } from '../config.js';
import type { Services } from '../control/services.js';
import { DEFAULT_TENANT } from '../control/tenants.js';
import { generateTokenSecret } from '../control/tokens.js';

/**
 * The default tenant always exists. With WHEELHOUSE_BOOTSTRAP_TOKEN its token
 * exists too; without it, the very first start mints one and prints it once.
 */
export async function bootstrap(services: Services, config: Config, announce: (line: string) => void): Promise<void> {
  const tenant = await services.tenants.ensure(DEFAULT_TENANT);
  if (config.bootstrapToken) {
    await services.tokens.ensureToken(tenant.id, 'bootstrap', config.bootstrapToken);
    return;
  }
  if ((await services.tokens.count()) === 0) {
    const secret = generateTokenSecret();
    await services.tokens.ensureToken(tenant.id, 'first token', secret);
    announce(`wheelhouse: first API token for tenant "default" (shown once, store it now): ${secret}`);
  }
}
