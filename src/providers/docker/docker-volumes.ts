/**
 * Named volumes on the Docker Engine: created (with a size where the Engine
 * enforces one), and kept volumes (issue 39) checked before they are mounted
 * again, or removed for good. A volume's labels say which tenant it is of.
 */
import { randomUUID } from 'node:crypto';
import type Dockerode from 'dockerode';
import { isProviderError, ProviderErrorKinds } from '../provider-errors.js';
import type { Call } from './docker-call.js';
import { engineMessage, isConflict, isNotFound } from './docker-errors.js';
import { Labels } from './docker-names.js';

/**
 * Creates a named volume unless it exists; one of someone else is a conflict.
 * `sizeMb` goes to the local driver's `size` option, which the Engine enforces
 * (or refuses) only where its storage has quotas: the control plane asks
 * `sizeRefusal` first and refuses a size this Engine cannot enforce.
 */
export async function ensureVolume(
  docker: Dockerode,
  call: Call,
  name: string,
  labels: Record<string, string>,
  sizeMb?: number,
): Promise<void> {
  // Volume create is idempotent on the Engine: it answers with the existing volume.
  await docker.createVolume(
    call.opts({ Name: name, Labels: labels, ...(sizeMb ? { DriverOpts: { size: `${sizeMb}m` } } : {}) }),
  );
  const created = await docker.getVolume(name).inspect(call.opts());
  if (created.Labels?.[Labels.instance] !== labels[Labels.instance]) {
    throw call.fail(ProviderErrorKinds.conflict, `volume ${name} exists and does not belong to this instance`);
  }
}

/** A kept volume to mount again: it must exist and be the tenant's (its labels say whose it is). */
export async function requireKeptVolume(
  docker: Dockerode,
  call: Call,
  name: string,
  tenantId: string | undefined,
): Promise<void> {
  let labels: Record<string, string> | undefined;
  try {
    labels = (await docker.getVolume(name).inspect(call.opts())).Labels ?? undefined;
  } catch (err) {
    if (isNotFound(err)) throw call.fail(ProviderErrorKinds.notFound, `kept volume ${name} is gone from the engine`);
    throw err;
  }
  if (labels?.[Labels.managed] !== 'true' || labels[Labels.tenant] !== tenantId) {
    throw call.fail(ProviderErrorKinds.conflict, `volume ${name} is not a kept volume of this tenant`);
  }
}

/** Removes a kept volume of the tenant; absent is fine, another's (or an unmanaged one) is a conflict. */
export async function removeKeptVolume(docker: Dockerode, call: Call, tenantId: string, name: string): Promise<void> {
  try {
    await requireKeptVolume(docker, call, name, tenantId);
  } catch (err) {
    if (isProviderError(err, ProviderErrorKinds.notFound)) return;
    throw err;
  }
  try {
    await docker.getVolume(name).remove(call.opts());
  } catch (err) {
    if (isNotFound(err)) return;
    if (isConflict(err)) throw call.fail(ProviderErrorKinds.conflict, `volume ${name} is in use by a container`);
    throw err;
  }
}

/**
 * Why this Engine cannot enforce a volume size, or undefined when it can:
 * a throwaway volume is created with the local driver's `size` option (the
 * Engine refuses it without quota support: "no quota support") and removed.
 */
export async function sizeRefusal(docker: Dockerode, call: Call): Promise<string | undefined> {
  const name = `wh-size-probe-${randomUUID().slice(0, 8)}`;
  try {
    await docker.createVolume(call.opts({ Name: name, DriverOpts: { size: '1m' } }));
  } catch (err) {
    return `this Docker Engine cannot enforce a volume size (${engineMessage(err)}); omit sizeMb`;
  }
  await docker
    .getVolume(name)
    .remove(call.opts())
    .catch(() => undefined);
  return undefined;
}
