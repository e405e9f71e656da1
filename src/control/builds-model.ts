import type { LogLineRow } from '../db/database.js';
import type { BuildView } from '../db/repositories/build-repository.js';
import type { BuildStatus, StoredBuildSource } from './model.js';

/** A build as the API shows it (Build). */
export interface Build {
  id: string;
  tenantId: string;
  instanceId: string;
  operationId: string;
  service: string;
  status: BuildStatus;
  source: StoredBuildSource;
  image: string | null;
  imageDigest: string | null;
  steps: number | null;
  cachedSteps: number | null;
  releaseId: string | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** One stored log line (a build's, a job's); `cursor` is its number in the operation's log. */
export interface BuildLogLine {
  cursor: string;
  seq: number;
  at: Date;
  step: number | null;
  line: string;
}

/**
 * A row as the API shows it. A build whose runner never recorded its end (its
 * operation canceled while queued, or given up after crashes) takes the end
 * its operation has: a build is never shown RUNNING after its operation ended.
 */
export function toBuild(r: BuildView): Build {
  const open = r.status === 'queued' || r.status === 'running';
  const opEnded = r.op_status === 'succeeded' || r.op_status === 'failed' || r.op_status === 'canceled';
  // An operation that succeeded with its build open cannot happen; say FAILED rather than claim an image.
  const status: BuildStatus = open && opEnded ? (r.op_status === 'canceled' ? 'canceled' : 'failed') : r.status;
  return {
    id: r.id,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    operationId: r.operation_id,
    service: r.service,
    status,
    source: r.source,
    image: r.image,
    imageDigest: r.image_digest,
    steps: r.steps,
    cachedSteps: r.cached_steps,
    releaseId: r.release_id,
    error: r.error ?? (open && opEnded && r.op_status === 'failed' ? r.op_error_message : null),
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at ?? (open && opEnded ? r.op_finished_at : null),
  };
}

export function toBuildLogLine(r: LogLineRow): BuildLogLine {
  return { cursor: String(r.seq), seq: r.seq, at: r.at, step: r.step, line: r.line };
}

/** Whether a build has ended. */
export function buildEnded(b: Build): boolean {
  return b.status === 'succeeded' || b.status === 'failed' || b.status === 'canceled';
}
