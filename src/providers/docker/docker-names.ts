/**
 * Deterministic names and the label scheme of every Docker object the
 * provider creates. Names are derived only from the instance id, the service,
 * the replica index and a hash of the container's spec, so a repeated call
 * finds what an earlier one created instead of duplicating it; labels are how
 * the provider finds its objects again (names are never parsed back).
 */
import { createHash } from 'node:crypto';

/** Label keys. Every object carries `managed` and `instance`; containers carry the rest. */
export const Labels = {
  /** `true` on everything Wheelhouse created: the marker leftover and orphan sweeps filter on. */
  managed: 'wheelhouse.managed',
  instance: 'wheelhouse.instance',
  tenant: 'wheelhouse.tenant',
  /** Instance display name (ProvisionRequest.name). */
  name: 'wheelhouse.name',
  /** WorkloadKind of the instance. */
  kind: 'wheelhouse.kind',
  service: 'wheelhouse.service',
  role: 'wheelhouse.role',
  replica: 'wheelhouse.replica',
  release: 'wheelhouse.release',
  /** JSON of the service spec the container was created from, without secret values or config contents. */
  spec: 'wheelhouse.spec',
  /** Short hash of that spec (and the image id): equal hashes mean the container needs no replacing. */
  specHash: 'wheelhouse.spec-hash',
  /** The VolumeSpec name a volume was created for. */
  volume: 'wheelhouse.volume',
  /**
   * The job a container runs (issue 35). A job's container has no `replica`
   * label, so it is never counted as a replica, routed or healed.
   */
  job: 'wheelhouse.job',
  /** The service whose image and env a job's container runs with. */
  jobService: 'wheelhouse.job-service',
  /**
   * The BACKUP or RESTORE operation a helper container copies a volume for
   * (issue 36); like a job's, it has no `replica` label.
   */
  backupOperation: 'wheelhouse.backup-operation',
} as const;

/** Every label key reserved by the provider; workload labels cannot override them. */
const RESERVED_LABEL_PREFIX = 'wheelhouse.';

const MAX_KEY_LENGTH = 40;

/**
 * The instance's token in object names: the id itself when it is already a
 * safe, short name (UUIDs are), else a readable prefix plus a hash so two ids
 * never collide after sanitising.
 */
export function instanceKey(instanceId: string): string {
  const safe = instanceId.toLowerCase().replace(/[^a-z0-9_.-]/g, '-');
  if (safe === instanceId && safe.length <= MAX_KEY_LENGTH && /^[a-z0-9]/.test(safe)) return safe;
  const prefix = safe.replace(/^[^a-z0-9]+/, '').slice(0, 24);
  return `${prefix ? `${prefix}-` : ''}${shortHash(instanceId, 12)}`;
}

/** The instance's user-defined bridge network (also the ProvisionResult providerRef). */
export function networkName(instanceId: string): string {
  return `wh-${instanceKey(instanceId)}`;
}

/**
 * A container's name. The spec hash suffix lets a rolling deploy create the
 * replacement next to the container it replaces, and makes a retried deploy
 * find the replacement it already created.
 */
export function containerName(instanceId: string, service: string, replica: number, specHash: string): string {
  return `wh-${instanceKey(instanceId)}-${service}-${replica}-${specHash}`;
}

/** A job's container: one per job, found again by name or by its `job` label. */
export function jobContainerName(instanceId: string, jobId: string): string {
  return `wh-${instanceKey(instanceId)}-job-${shortHash(jobId, 12)}`;
}

/** A backup helper's container: one per operation, found again by name or by its label. */
export function backupHelperName(instanceId: string, operationId: string): string {
  return `wh-${instanceKey(instanceId)}-backup-${shortHash(operationId, 12)}`;
}

/** A named volume: shared by the instance, or one per replica for stateful sets. */
export function volumeName(instanceId: string, volume: string, replica?: number): string {
  const base = `wh-${instanceKey(instanceId)}-${volume}`;
  return replica === undefined ? base : `${base}-${replica}`;
}

/** The label filter selecting every object of one instance. */
export function instanceFilter(instanceId: string): { label: string[] } {
  return { label: [`${Labels.managed}=true`, `${Labels.instance}=${instanceId}`] };
}

/**
 * Labels common to every object of an instance: the workload's own labels
 * first, so the provider's reserved keys always win.
 */
export function baseLabels(req: {
  instanceId: string;
  tenantId: string;
  name?: string;
  kind?: string;
  labels?: Record<string, string>;
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.labels ?? {})) {
    if (!k.startsWith(RESERVED_LABEL_PREFIX)) out[k] = v;
  }
  out[Labels.managed] = 'true';
  out[Labels.instance] = req.instanceId;
  out[Labels.tenant] = req.tenantId;
  if (req.name) out[Labels.name] = req.name;
  if (req.kind) out[Labels.kind] = req.kind;
  return out;
}

/** A short hex sha256 of `value` (JSON-encoded with sorted keys when not a string). */
export function shortHash(value: unknown, length = 10): string {
  const text = typeof value === 'string' ? value : canonicalJson(value);
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** JSON with object keys sorted, so equal values hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
