import type { Migration } from 'kysely';
import * as initial from './2026-11-29T00-00-00-initial.js';
import * as foreignKeyIndexes from './2026-11-30T00-00-00-foreign-key-indexes.js';
import * as routes from './2026-12-01T01-00-00-routes.js';
import * as edgeCertificateAuthority from './2026-12-01T02-00-00-edge-certificate-authority.js';
import * as autoscale from './2026-12-01T03-00-00-autoscale.js';
import * as webhooks from './2026-12-01T04-00-00-webhooks.js';
import * as workloadSources from './2026-12-01T05-00-00-workload-sources.js';
import * as rollouts from './2026-12-02T01-00-00-rollouts.js';
import * as autoscaleIdle from './2026-12-02T03-00-00-autoscale-idle.js';
import * as builds from './2026-12-07T01-00-00-builds.js';
import * as keptVolumes from './2026-12-07T14-00-00-kept-volumes.js';
import * as jobs from './2026-12-07T14-30-00-jobs.js';
import * as schedules from './2026-12-07T16-00-00-schedules.js';
import * as eventLogOrder from './2026-12-07T16-10-00-event-log-order.js';
import * as schedulePlatformRuns from './2026-12-07T18-00-00-schedule-platform-runs.js';
import * as volumeBackups from './2026-12-07T19-00-00-volume-backups.js';
import * as auditLog from './2026-12-07T19-10-00-audit-log.js';
import * as identity from './2026-12-07T19-20-00-identity.js';
import * as backupSchedules from './2026-12-07T21-30-00-backup-schedules.js';
import * as volumeSnapshots from './2026-12-07T21-40-00-volume-snapshots.js';

/**
 * Every migration, by name (timestamp-ordered). Listed statically rather than
 * read from the folder so the same set runs under tsx, vitest and a bundle.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-29T00-00-00-initial': initial,
  '2026-11-30T00-00-00-foreign-key-indexes': foreignKeyIndexes,
  '2026-12-01T01-00-00-routes': routes,
  '2026-12-01T02-00-00-edge-certificate-authority': edgeCertificateAuthority,
  '2026-12-01T03-00-00-autoscale': autoscale,
  '2026-12-01T04-00-00-webhooks': webhooks,
  '2026-12-01T05-00-00-workload-sources': workloadSources,
  '2026-12-02T01-00-00-rollouts': rollouts,
  '2026-12-02T03-00-00-autoscale-idle': autoscaleIdle,
  '2026-12-07T01-00-00-builds': builds,
  '2026-12-07T14-00-00-kept-volumes': keptVolumes,
  '2026-12-07T14-30-00-jobs': jobs,
  '2026-12-07T16-00-00-schedules': schedules,
  '2026-12-07T16-10-00-event-log-order': eventLogOrder,
  '2026-12-07T18-00-00-schedule-platform-runs': schedulePlatformRuns,
  '2026-12-07T19-00-00-volume-backups': volumeBackups,
  '2026-12-07T19-10-00-audit-log': auditLog,
  '2026-12-07T19-20-00-identity': identity,
  '2026-12-07T21-30-00-backup-schedules': backupSchedules,
  '2026-12-07T21-40-00-volume-snapshots': volumeSnapshots,
};
