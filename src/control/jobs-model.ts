import type { JobView } from '../db/repositories/job-repository.js';
import type { JobStatus } from './model.js';

/** A job as the API shows it (Job). */
export interface Job {
  id: string;
  tenantId: string;
  instanceId: string;
  operationId: string;
  scheduleId: string | null;
  scheduledAt: Date | null;
  service: string;
  command: string[];
  status: JobStatus;
  exitCode: number | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** The statuses a job ends in. */
const ENDED: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed', 'canceled', 'timed_out', 'missed', 'skipped']);

/**
 * A row as the API shows it. A job whose runner never recorded its end (its
 * operation canceled while queued, or given up after crashes) takes the end
 * its operation has: a job is never shown RUNNING after its operation ended.
 */
export function toJob(r: JobView): Job {
  const open = !ENDED.has(r.status);
  const opEnded = r.op_status === 'succeeded' || r.op_status === 'failed' || r.op_status === 'canceled';
  // Only a release command's job shares its operation (a deploy) that may succeed after the job: its own end counts.
  const status: JobStatus = open && opEnded ? (r.op_status === 'canceled' ? 'canceled' : 'failed') : r.status;
  return {
    id: r.id,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    operationId: r.operation_id,
    scheduleId: r.schedule_id,
    scheduledAt: r.scheduled_at,
    service: r.service,
    command: r.command,
    status,
    exitCode: r.exit_code,
    error: r.error ?? (open && opEnded && r.op_status === 'failed' ? r.op_error_message : null),
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at ?? (open && opEnded ? r.op_finished_at : null),
  };
}

/** Whether a job has ended. */
export function jobEnded(j: Job): boolean {
  return ENDED.has(j.status);
}
