import type { StoredServiceSpec } from '../control/model.js';
import type { SecretService } from '../control/secrets.js';
import type { ServiceSpec } from '../providers/service-spec.js';
import type { Masker } from './masking.js';
import { OperationFailure } from './operation-failures.js';

/** Turns stored specs into provider specs: vault values for secret refs and config file contents. */
export async function materialise(
  secrets: SecretService,
  tenantId: string,
  specs: StoredServiceSpec[],
  masker: Masker,
): Promise<{ services: ServiceSpec[]; secretValues: Record<string, string> }> {
  const keys = [
    ...new Set(specs.flatMap((s) => [...s.secrets.map((r) => r.key), ...s.configFiles.map((f) => f.contentKey)])),
  ];
  let values: Record<string, string>;
  try {
    values = keys.length ? await secrets.resolve(tenantId, keys) : {};
  } catch (err) {
    throw new OperationFailure('SECRET_NOT_FOUND', err instanceof Error ? err.message : 'a secret is missing');
  }
  const services = specs.map((s) => ({
    ...s,
    configFiles: s.configFiles.map((f) => ({
      name: f.name,
      path: f.path,
      format: f.format,
      content: values[f.contentKey] ?? '',
    })),
  }));
  const secretValues = Object.fromEntries(specs.flatMap((s) => s.secrets.map((r) => [r.key, values[r.key] ?? ''])));
  masker.add(Object.values(values));
  return { services, secretValues };
}
