/**
 * Backup schedules (issue 36) on the ticker's injected clock, in the
 * database: a tick queues a BACKUP operation and its backup (with the
 * schedule's id), never a job; FORBID skips a tick while the schedule's
 * previous backup is open (an event says so), and runs the next once it
 * ended; ticks found too late are MISSED (an event, no job); a schedule gives
 * exactly one of command and backup, a backup of a mounted volume with a
 * retention that keeps something. Retention carried out: the archives it lets
 * go leave the store with their records and operations, the kept ones get
 * their expiresAt, failed records are bounded by the history limit.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyScheduleRetention } from '../../src/control/backup-schedules.js';
import { OperationSignal } from '../../src/control/operation-signal.js';
import { checkScheduleSpec, insertSchedules, type ScheduleSpec } from '../../src/control/schedules.js';
import { Problems } from '../../src/control/spec-validation.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { json } from '../../src/db/db-types.js';
import { insertInstance } from '../../src/db/repositories/instance-repository.js';
import { insertOperation } from '../../src/db/repositories/operation-repository.js';
import { insertTenant } from '../../src/db/repositories/tenant-repository.js';
import { insertVolumeBackup } from '../../src/db/repositories/volume-backup-repository.js';
import { createLogger } from '../../src/logger.js';
import { ScheduleTicker } from '../../src/worker/schedule-ticker.js';
import { openTestDatabase } from '../support/database.js';
import { instanceRow } from '../support/instance-row.js';

const T0 = '2030-01-01T00:00:30Z';
const at = (hhmmss: string) => new Date(`2030-01-01T${hhmmss}Z`);
const SERVICES = [{ name: 'db', volumes: [{ name: 'data', mountPath: '/data' }] }];

/** A tenant, a running instance whose service "db" mounts "data", and one schedule on it checked at T0. */
async function seed(db: DatabaseHandle, spec: Partial<ScheduleSpec>) {
  const tenantId = randomUUID();
  await insertTenant(db.db, { id: tenantId, name: `t-${tenantId.slice(0, 8)}` });
  const inst = await insertInstance(
    db.db,
    instanceRow({
      id: randomUUID(),
      tenant_id: tenantId,
      name: `i-${tenantId.slice(0, 8)}`,
      provider_key: 'docker',
      services: json(SERVICES as never),
    }),
  );
  const p = new Problems();
  const checked = checkScheduleSpec(
    p,
    { name: 'backups', service: 'db', cron: '*/1 * * * *', backup: { volume: 'data' }, ...spec },
    SERVICES,
    [],
    new Date(T0),
  );
  expect(p.list).toEqual([]);
  const [row] = await insertSchedules(db.db, inst, [checked]);
  return { tenantId, instanceId: inst.id, scheduleId: row!.id };
}

const backupsOf = (db: DatabaseHandle, scheduleId: string) =>
  db.db
    .selectFrom('volume_backups')
    .innerJoin('operations', 'operations.id', 'volume_backups.operation_id')
    .select([
      'volume_backups.id',
      'volume_backups.status',
      'volume_backups.volume',
      'volume_backups.consistency',
      'volume_backups.operation_id',
      'volume_backups.expires_at',
      'operations.kind',
      'operations.status as op_status',
    ])
    .where('volume_backups.schedule_id', '=', scheduleId)
    .orderBy('volume_backups.created_at')
    .execute();

const jobCount = async (db: DatabaseHandle, instanceId: string) =>
  (await db.db.selectFrom('jobs').select('id').where('instance_id', '=', instanceId).execute()).length;

const eventsOf = async (db: DatabaseHandle, instanceId: string, type: string) =>
  db.db
    .selectFrom('events')
    .select(['message'])
    .where('instance_id', '=', instanceId)
    .where('type', '=', type)
    .execute();

/** Ends a backup and its operation as the executor would. */
async function succeed(db: DatabaseHandle, b: { id: string; operation_id: string }) {
  await db.db
    .updateTable('operations')
    .set({ status: 'succeeded', finished_at: new Date() })
    .where('id', '=', b.operation_id)
    .execute();
  await db.db.updateTable('volume_backups').set({ status: 'succeeded' }).where('id', '=', b.id).execute();
}

describe('backup schedules on the ticker', () => {
  let db: DatabaseHandle;
  let now = new Date(T0);
  const ticker = () =>
    new ScheduleTicker({
      db: db.db,
      signal: new OperationSignal(),
      logger: createLogger('silent'),
      intervalMs: 60_000,
      now: () => now,
    });
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('a tick queues a BACKUP with the schedule on it, never a job; FORBID skips while it is open', async () => {
    const s = await seed(db, { concurrency: 'forbid', backup: { volume: 'data', consistency: 'live' } });
    const t = ticker();
    now = at('00:01:01');
    expect((await t.tick())[0]).toMatchObject({ scheduleId: s.scheduleId, queued: at('00:01:00'), skipped: false });
    let made = await backupsOf(db, s.scheduleId);
    expect(made).toMatchObject([
      { kind: 'backup', op_status: 'queued', status: 'running', volume: 'data', consistency: 'live' },
    ]);
    now = at('00:02:01');
    expect((await t.tick())[0]).toMatchObject({ queued: null, skipped: true });
    expect(await backupsOf(db, s.scheduleId)).toHaveLength(1);
    expect((await eventsOf(db, s.instanceId, 'schedule.skipped')).map((e) => e.message)).toEqual([
      'schedule backups, 2030-01-01T00:02:00.000Z: skipped, the previous run is still queued or running',
    ]);
    await succeed(db, made[0]!);
    now = at('00:03:01');
    expect((await t.tick())[0]).toMatchObject({ queued: at('00:03:00') });
    made = await backupsOf(db, s.scheduleId);
    expect(made.map((b) => b.op_status)).toEqual(['succeeded', 'queued']);
    await succeed(db, made[1]!);
    // A ticker away for 7 minutes: 00:04 to 00:09 are MISSED (an event), 00:10 runs.
    now = at('00:10:01');
    expect((await t.tick())[0]).toMatchObject({ queued: at('00:10:00'), missed: 6 });
    expect((await eventsOf(db, s.instanceId, 'schedule.missed')).map((e) => e.message)).toEqual([
      'schedule backups: 6 run(s) missed (not started within 300 s)',
    ]);
    expect(await backupsOf(db, s.scheduleId)).toHaveLength(3);
    expect(await jobCount(db, s.instanceId)).toBe(0);
  });

  it('skips a tick whose volume no service mounts any more', async () => {
    const s = await seed(db, {});
    await db.db
      .updateTable('instances')
      .set({ services: json([{ name: 'db', volumes: [] }]) })
      .where('id', '=', s.instanceId)
      .execute();
    now = at('00:01:01');
    expect((await ticker().tick())[0]).toMatchObject({ skipped: true });
    expect(await backupsOf(db, s.scheduleId)).toEqual([]);
    expect((await eventsOf(db, s.instanceId, 'schedule.skipped'))[0]?.message).toMatch(
      /no service of the instance mounts volume "data" any more/,
    );
  });

  it('a schedule gives exactly one of command and backup; a backup of a mounted volume that keeps something', () => {
    const check = (spec: Partial<ScheduleSpec>) => {
      const p = new Problems();
      checkScheduleSpec(p, { name: 'x', service: 'db', cron: '@daily', ...spec }, SERVICES, ['s'], new Date(T0));
      return p.list.map((e) => `${e.path.join('.')}: ${e.message}`);
    };
    expect(check({})).toEqual(['s.command: is required unless `backup` is given']);
    expect(check({ command: ['true'], backup: { volume: 'data' } })).toEqual([
      's.backup: a schedule runs a command or backs up a volume, not both: give one of command, backup',
    ]);
    expect(check({ command: ['true'] })).toEqual([]);
    expect(check({ backup: { volume: 'data' } })).toEqual([]);
    expect(
      check({ backup: { volume: 'logs', retention: { last: 0, daily: 0, weekly: 0, monthly: 0 } } }).map(
        (e) => e.split(':')[0],
      ),
    ).toEqual(['s.backup.volume', 's.backup.retention']);
    expect(check({ backup: { volume: 'data', retention: { daily: -1 } } })).toEqual([
      's.backup.retention.daily: must be 0 to 1000',
    ]);
    expect(
      check({ backup: { volume: 'data', consistency: 'hook', hook: { service: 'nope', before: ['sync'] } } }),
    ).toEqual(['s.backup.hook.service: the instance has no service "nope"']);
  });

  it('retention removes the archives and records it lets go, sets expiresAt on the kept, bounds failed records', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wh-retention-'));
    try {
      const s = await seed(db, {
        historyLimit: 1,
        backup: { volume: 'data', retention: { last: 2, daily: 0, weekly: 0, monthly: 0 } },
      });
      const made: string[] = [];
      await mkdir(join(dir, s.tenantId), { recursive: true });
      // Four succeeded backups a minute apart (their archives in the store), then two failed ones.
      for (let i = 0; i < 6; i++) {
        const id = randomUUID();
        const ok = i < 4;
        const op = await insertOperation(db.db, {
          id: randomUUID(),
          tenant_id: s.tenantId,
          instance_id: s.instanceId,
          kind: 'backup',
          status: ok ? 'succeeded' : 'failed',
          params: json({}),
          steps: json([]),
        });
        const file = join(dir, s.tenantId, `${id}.whbak`);
        if (ok) await writeFile(file, `archive ${i}`);
        await insertVolumeBackup(db.db, {
          id,
          tenant_id: s.tenantId,
          instance_id: s.instanceId,
          operation_id: op.id,
          schedule_id: s.scheduleId,
          volume: 'data',
          status: ok ? 'succeeded' : 'failed',
          consistency: 'stop',
          archive_path: ok ? file : null,
          created_at: new Date(Date.UTC(2030, 0, 1, 0, i + 1)),
        });
        made.push(id);
      }
      const r = await applyScheduleRetention(db.db, dir, s.tenantId, s.scheduleId, new Date('2030-01-01T00:06:30Z'));
      expect(r).toEqual({ kept: 2, deleted: 2, prunedFailed: 1 });
      const left = await backupsOf(db, s.scheduleId);
      // The two newest succeeded (00:04, 00:03) and the newest failed one (00:06) stay.
      expect(left.map((b) => b.id)).toEqual([made[2], made[3], made[5]]);
      expect((await readdir(join(dir, s.tenantId))).sort()).toEqual([`${made[2]}.whbak`, `${made[3]}.whbak`].sort());
      // 00:03 goes with the next tick's backup (00:07), 00:04 with the one after (00:08).
      expect(left.map((b) => b.expires_at?.toISOString() ?? null)).toEqual([
        '2030-01-01T00:07:00.000Z',
        '2030-01-01T00:08:00.000Z',
        null,
      ]);
      // The deleted backups' operations went with them.
      const ops = await db.db.selectFrom('operations').select('id').where('instance_id', '=', s.instanceId).execute();
      expect(ops).toHaveLength(3);
      // Another tenant's id finds no schedule: nothing is touched.
      expect(await applyScheduleRetention(db.db, dir, randomUUID(), s.scheduleId, new Date())).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
