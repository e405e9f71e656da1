/**
 * The release snapshot rules: what a release records of each service, how a
 * deploy's partial spec lands on the previous snapshot, and the deploy spec a
 * rollback sends. Pure; the commands and the executor apply them.
 */
import type { ServiceDeploySpec, ServiceSnapshot } from '../providers/provider.js';
import type { ResourceSpec, ServiceSpec } from '../providers/service-spec.js';

function isZeroResources(r: ResourceSpec | undefined): boolean {
  return !r || Object.values(r).every((v) => v === undefined || v === 0 || v === '');
}

/** Records a provisioned service as a Release snapshot (a zero ResourceSpec is left out). */
export function snapshotOf(svc: ServiceSpec): ServiceSnapshot {
  return {
    name: svc.name,
    image: svc.image,
    env: { ...svc.env },
    command: svc.command,
    args: svc.args,
    ports: svc.ports.map((p) => ({ ...p })),
    resources: isZeroResources(svc.resources) ? undefined : { ...svc.resources },
  };
}

/** The snapshot `spec` produces when applied on top of `prior`. */
export function snapshotFromDeploy(spec: ServiceDeploySpec, prior: ServiceSnapshot | undefined): ServiceSnapshot {
  return {
    name: spec.name,
    image: spec.image,
    env: spec.env ? { ...spec.env } : { ...(prior?.env ?? {}) },
    command: spec.command ?? prior?.command,
    args: spec.args ?? prior?.args,
    ports: spec.ports ? spec.ports.map((p) => ({ ...p })) : (prior?.ports ?? []),
    resources: spec.resources ? { ...spec.resources } : prior?.resources,
  };
}

/** The deploy spec that restores `s`, as a rollback does. */
export function deploySpecOf(s: ServiceSnapshot): ServiceDeploySpec {
  return {
    name: s.name,
    image: s.image,
    env: { ...s.env },
    command: s.command,
    args: s.args,
    ports: s.ports.map((p) => ({ ...p })),
    resources: s.resources ? { ...s.resources } : undefined,
  };
}
