/**
 * Services added and removed in place by a deploy (`addServices`,
 * `removeServices`) or by a rollback to a release with another set: the
 * checks that need no instance, then those against it (its services, its
 * routes). A removed service is drained and removed by the provider, its
 * volumes kept; the others are left as they run.
 */
import type { RouteRow } from '../db/database.js';
import type { Provider } from '../providers/provider.js';
import type { StoredServiceSpec } from './model.js';
import { checkServiceSet } from './service-set-rules.js';
import { LIMITS, type Problems, type ServiceSpecInput, validateService } from './spec-validation.js';

/** The set-change fields of DeployInstanceInput, as the schema passes them. */
export interface SetChangeInput {
  addServices?: readonly ServiceSpecInput[] | null;
  removeServices?: readonly string[] | null;
}

/** A checked change of the set: the specs to add, the names to remove, the config contents to store. */
export interface CheckedSetChange {
  added: StoredServiceSpec[];
  removed: string[];
  /** vault key → config file content of the added services. */
  configContents: Record<string, string>;
}

/**
 * The rules that need no instance: each added service's own rules (as at
 * provision, built images excepted) and no name listed twice across
 * `services`, `addServices` and `removeServices`.
 */
export function checkSetChangeInput(
  p: Problems,
  input: SetChangeInput,
  deployed: readonly string[],
  instanceId: string,
): CheckedSetChange {
  const configContents: Record<string, string> = {};
  const seen = new Set(deployed);
  const added = (input.addServices ?? []).map((s, i) => {
    const at = ['input', 'addServices', i];
    if (seen.has(s.name)) p.add([...at, 'name'], `service ${s.name} is listed twice`);
    seen.add(s.name);
    // A build queued ahead writes its image into a service the instance has; an added one has none yet.
    if (s.build != null)
      p.add([...at, 'build'], 'an added service starts from an image: add it with image, then deploy its build');
    const contentKey = (svc: string, file: string) => `_config/${instanceId}/${svc}/${file}`;
    return validateService(p, s, at, contentKey, new Set(), configContents);
  });
  const removed = [...(input.removeServices ?? [])];
  removed.forEach((name, i) => {
    if (seen.has(name)) p.add(['input', 'removeServices', i], `service ${name} is listed twice`);
    seen.add(name);
  });
  return { added, removed, configContents };
}

/**
 * The rules against the instance: a removed service exists, no remaining
 * service depends on it and no route reaches it (routes are kept: remove the
 * route first); an added one is new; the set keeps its rules (with the
 * dependsOn a deploy gives its services: `current` carries them). Returns the
 * set after the change.
 */
export function checkSetChange(
  p: Problems,
  current: readonly StoredServiceSpec[],
  change: Pick<CheckedSetChange, 'added' | 'removed'>,
  routes: readonly Pick<RouteRow, 'service' | 'url'>[],
  /** Where a service the deploy changes sits in `input.services` (its new dependsOn is checked there). */
  deployedAt: (name: string) => (string | number)[] | undefined = () => undefined,
): StoredServiceSpec[] {
  const { added, removed } = change;
  const gone = new Set(removed);
  const next = [...current.filter((s) => !gone.has(s.name)), ...added];
  added.forEach((s, i) => {
    if (current.some((c) => c.name === s.name))
      p.add(['input', 'addServices', i, 'name'], `the instance already has a service "${s.name}": deploy it instead`);
  });
  removed.forEach((name, i) => {
    const at = ['input', 'removeServices', i];
    if (!current.some((c) => c.name === name)) {
      p.add(at, `the instance has no service "${name}"`);
      return;
    }
    const route = routes.find((r) => r.service === name);
    if (route) p.add(at, `route ${route.url} reaches service ${name}: remove the route first (removeRoute)`);
    const dependent = next.find((s) => s.dependsOn.includes(name));
    if (dependent) p.add(at, `service ${dependent.name} depends on ${name}: remove or change it too`);
  });
  if (next.length > LIMITS.services) p.add(['input', 'addServices'], `at most ${LIMITS.services} services`);
  const where = added.length > 0 ? 'addServices' : 'removeServices';
  checkServiceSet(
    p,
    next,
    (name) => {
      const i = added.findIndex((s) => s.name === name);
      return i >= 0 ? ['input', 'addServices', i] : deployedAt(name);
    },
    ['input', where],
  );
  return next;
}

/** Refuses a set change the provider cannot make in place, saying why (Provider.serviceSetFixed). */
export function refuseSetChange(p: Problems, provider: Pick<Provider, 'serviceSetFixed'>, input: SetChangeInput): void {
  if (!provider.serviceSetFixed) return;
  p.add(['input', input.addServices?.length ? 'addServices' : 'removeServices'], provider.serviceSetFixed);
}

/**
 * Refuses, by field, a change of a service's volumes, secrets or dependsOn
 * the provider cannot make in place (Provider.serviceSetFixed).
 */
export function refuseFixedFields(
  p: Problems,
  provider: Pick<Provider, 'serviceSetFixed'>,
  current: readonly StoredServiceSpec[],
  changed: readonly StoredServiceSpec[],
  input: { services: readonly { name: string }[] },
): void {
  if (!provider.serviceSetFixed) return;
  for (const c of changed) {
    const was = current.find((s) => s.name === c.name);
    const i = input.services.findIndex((s) => s.name === c.name);
    for (const field of ['volumes', 'secrets', 'dependsOn'] as const) {
      if (was && JSON.stringify(was[field]) !== JSON.stringify(c[field]))
        p.add(['input', 'services', i, field], provider.serviceSetFixed);
    }
  }
}
