/**
 * The rules a workload's set of services keeps as a whole (at provision, and
 * after a deploy adds or removes services in place): one MAIN service,
 * dependsOn naming services of the set and no cycle, no host port taken
 * twice. Pure; the caller says where each service sits in its input.
 */
import type { Problems } from './spec-validation.js';

/** What the set rules read of a service. */
export interface SetMember {
  name: string;
  role: string;
  dependsOn: readonly string[];
  ports: readonly { host?: number; protocol: string }[];
}

/**
 * Flags the set's problems. `pathOf(name)` is where a service sits in the
 * input (undefined: a service the input does not carry, whose own fields were
 * checked when it was written); `path` is the set's own place.
 */
export function checkServiceSet(
  p: Problems,
  services: readonly SetMember[],
  pathOf: (name: string) => (string | number)[] | undefined,
  path: (string | number)[],
): void {
  const names = new Set(services.map((s) => s.name));
  const mains = services.filter((s) => s.role === 'main').length;
  if (mains !== 1) p.add(path, `must have exactly one MAIN service (found ${mains})`);
  const hostPorts = new Map<string, string>();
  for (const s of services) {
    const at = pathOf(s.name);
    s.ports.forEach((port, j) => {
      if (!port.host) return;
      const k = `${port.host}/${port.protocol}`;
      const owner = hostPorts.get(k);
      if (owner && at) p.add([...at, 'ports', j, 'host'], `host port ${k} is already used by ${owner}`);
      hostPorts.set(k, s.name);
    });
    if (!at) continue;
    s.dependsOn.forEach((d, j) => {
      if (d === s.name) p.add([...at, 'dependsOn', j], 'a service cannot depend on itself');
      else if (!names.has(d)) p.add([...at, 'dependsOn', j], `unknown service ${d}`);
    });
  }
  const cycle = findCycle(services);
  if (cycle) p.add([...(pathOf(cycle[0] ?? '') ?? path), 'dependsOn'], `dependency cycle: ${cycle.join(' → ')}`);
}

/** A dependsOn cycle as a path of names (first = last), or undefined. */
export function findCycle(services: readonly { name: string; dependsOn: readonly string[] }[]): string[] | undefined {
  const deps = new Map(services.map((s) => [s.name, s.dependsOn.filter((d) => d !== s.name)]));
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | undefined => {
    if (state.get(n) === 'done') return undefined;
    if (state.get(n) === 'visiting') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'visiting');
    stack.push(n);
    for (const d of deps.get(n) ?? []) {
      if (!deps.has(d)) continue;
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(n, 'done');
    return undefined;
  };
  for (const s of services) {
    const c = visit(s.name);
    if (c) return c;
  }
  return undefined;
}
