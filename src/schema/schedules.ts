import { encodeTimeCursor, pageOf } from '../control/cursor.js';
import {
  CapabilityNotSupportedError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import type { Job } from '../control/jobs-model.js';
import type { Schedule } from '../control/schedules.js';
import { ScheduledBackupInput, ScheduledBackupRef } from './backup-inputs.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { forwardTimePage } from './forward-page.js';
import { localId } from './global-ids.js';
import { JobRef } from './jobs.js';
import { newestFirstPage, recordInstance } from './operation-records.js';
import { rateLimited } from './rate-limit.js';
import { InstanceRef } from './refs.js';

export const ScheduleRef = builder.objectRef<Schedule>('Schedule');

const ConcurrencyPolicyEnum = builder.enumType('ConcurrencyPolicy', {
  description: "What a schedule's tick does while its previous job is still queued or running.",
  values: {
    ALLOW: { value: 'allow', description: 'Runs beside it.' },
    FORBID: { value: 'forbid', description: 'Records the tick SKIPPED.' },
    REPLACE: { value: 'replace', description: 'Cancels it (as cancelOperation) and runs the new one.' },
  } as const,
});

builder.loadableNode(ScheduleRef, {
  description: 'Jobs started by a cron expression in a time zone (each tick starts at most one, across replicas).',
  id: { resolve: (s) => s.id },
  load: (ids: string[], ctx: GraphQLContext) => ctx.services.schedules.byIds(ctx.principal.tenantId, ids),
  sort: (s) => s.id,
  fields: (t) => ({
    instance: t.field({
      type: InstanceRef,
      description: 'The instance.',
      resolve: (s, _a, ctx) => recordInstance(s, ctx),
    }),
    name: t.exposeString('name', { description: 'Unique in the instance.' }),
    service: t.exposeString('service', {
      description: 'The service whose image, env, secrets and volumes it runs with.',
    }),
    command: t.exposeStringList('command', {
      description: 'The command each run runs (empty for a backup schedule).',
    }),
    backup: t.field({
      type: ScheduledBackupRef,
      nullable: true,
      description:
        'What a backup schedule backs up at each tick and how many backups it keeps (its runs are its `backups`, not jobs); null for a schedule of jobs.',
      resolve: (s) => s.backup,
    }),
    cron: t.exposeString('cron', { description: 'Five cron fields, or @hourly/@daily/@weekly/@monthly.' }),
    timeZone: t.exposeString('timeZone', { description: 'The IANA zone the cron expression reads in.' }),
    concurrency: t.field({
      type: ConcurrencyPolicyEnum,
      description: 'What a tick does while the previous run is still going.',
      resolve: (s) => s.concurrency,
    }),
    timeoutSeconds: t.exposeInt('timeoutSeconds', { description: 'Each run ends TIMED_OUT after this long.' }),
    startingDeadlineSeconds: t.exposeInt('startingDeadlineSeconds', {
      description: 'A run not started this long after its time is MISSED (never run late).',
    }),
    historyLimit: t.exposeInt('historyLimit', { description: 'Ended jobs kept; older ones are deleted.' }),
    suspended: t.exposeBoolean('suspended', { description: 'Paused: no tick runs.' }),
    nextRunAt: t.expose('nextRunAt', {
      type: 'DateTime',
      nullable: true,
      description: 'In UTC; null while suspended.',
    }),
    lastJob: t.loadable({
      type: JobRef,
      nullable: true,
      description: 'Its newest job (a run, or a MISSED or SKIPPED tick); null before its first tick.',
      load: async (ids: string[], ctx: GraphQLContext) => {
        const found = await ctx.services.schedules.lastJobs(ctx.principal.tenantId, ids);
        const by = new Map(found.map((j) => [j.scheduleId, j]));
        return ids.map((id) => by.get(id) ?? null);
      },
      resolve: (s) => s.id,
    }),
    jobs: t.connection(
      {
        type: JobRef,
        description: 'Its jobs, newest first (ended ones beyond its history limit are deleted).',
        resolve: (s, args, ctx) =>
          newestFirstPage(args, (limit, before) =>
            ctx.services.schedules.jobs(ctx.principal.tenantId, s.id, limit, before),
          ),
      },
      { name: 'ScheduleJobsConnection', description: "A page of a schedule's jobs." },
      { name: 'ScheduleJobsEdge', description: 'A job and its cursor.' },
    ),
  }),
});

/** One load for a page's schedules, in the order asked (another tenant's is never found: null). */
export async function loadSchedules(ids: string[], ctx: GraphQLContext): Promise<(Schedule | null)[]> {
  const by = new Map((await ctx.services.schedules.byIds(ctx.principal.tenantId, ids)).map((s) => [s.id, s]));
  return ids.map((id) => by.get(id) ?? null);
}

builder.objectFields(JobRef, (t) => ({
  schedule: t.loadable({
    type: ScheduleRef,
    nullable: true,
    description: 'The schedule that started it; null for runJob, a release command, or a deleted schedule.',
    load: loadSchedules,
    resolve: (j: Job) => j.scheduleId,
  }),
}));

builder.objectFields(InstanceRef, (t) => ({
  schedules: t.field({
    type: [ScheduleRef],
    description: 'Its schedules, oldest first.',
    resolve: (i, _a, ctx) => ctx.services.schedules.list(ctx.principal.tenantId, 100, undefined, i.id),
  }),
}));

builder.queryFields((t) => ({
  schedules: t.connection(
    {
      type: ScheduleRef,
      description: "The tenant's schedules (optionally one instance's), oldest first.",
      authScopes: { read: true },
      args: { instanceId: t.arg.id({ description: 'Only this instance’s (global id).' }) },
      resolve: async (_root, args, ctx) => {
        const { limit, after } = forwardTimePage(args);
        let instanceId: string | undefined;
        if (args.instanceId != null) {
          try {
            instanceId = localId(String(args.instanceId), 'Instance');
          } catch {
            return pageOf<Schedule>([], limit, encodeTimeCursor, false);
          }
        }
        const rows = await ctx.services.schedules.list(ctx.principal.tenantId, limit + 1, after, instanceId);
        return pageOf<Schedule>(rows, limit, encodeTimeCursor, !!after);
      },
    },
    { name: 'QuerySchedulesConnection', description: "A page of the tenant's schedules." },
    { name: 'QuerySchedulesEdge', description: 'A schedule and its cursor.' },
  ),
}));

export const ScheduleSpecInput = builder.inputType('ScheduleSpecInput', {
  description: 'A schedule: a command run as a job at each tick of a cron expression in a time zone.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Unique per instance (a DNS label).' }),
    service: t.string({
      required: true,
      description: 'The service whose image, env, secrets and volumes it runs with.',
    }),
    command: t.stringList({ description: 'The command and its arguments; required unless `backup` is given.' }),
    cron: t.string({ required: true, description: 'Five fields, or @hourly/@daily/@weekly/@monthly.' }),
    timeZone: t.string({ defaultValue: 'UTC', description: 'An IANA zone; runs follow its daylight-saving changes.' }),
    concurrency: t.field({
      type: ConcurrencyPolicyEnum,
      defaultValue: 'forbid',
      description: 'What a tick does while the previous run still goes.',
    }),
    timeoutSeconds: t.int({ defaultValue: 3600, description: 'Each run ends TIMED_OUT after this long (1 to 86400).' }),
    startingDeadlineSeconds: t.int({
      defaultValue: 300,
      description: 'A run not started this long after its time is MISSED (1 to 86400).',
    }),
    suspended: t.boolean({ defaultValue: false, description: 'Created paused.' }),
    historyLimit: t.int({
      defaultValue: 20,
      description:
        'Ended jobs kept per schedule (0 to 1000), oldest deleted first; for a backup schedule, its failed backups kept.',
    }),
    backup: t.field({
      type: ScheduledBackupInput,
      description:
        'Backs up a volume at each tick (a BACKUP operation, as backupVolume) instead of running a command; give exactly one of command and backup.',
    }),
  }),
});

const CreateScheduleInput = builder.inputType('CreateScheduleInput', {
  description: 'A new schedule on an instance.',
  fields: (t) => ({
    instanceId: t.id({ required: true, description: 'The instance (global id).' }),
    schedule: t.field({ type: ScheduleSpecInput, required: true, description: 'The schedule.' }),
  }),
});

const UpdateScheduleInput = builder.inputType('UpdateScheduleInput', {
  description: 'What to change of a schedule (omitted fields stay).',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The schedule (global id).' }),
    cron: t.string({ description: 'A new cron expression (the next run is computed from now).' }),
    timeZone: t.string({ description: 'A new IANA zone.' }),
    command: t.stringList({ description: 'A new command.' }),
    concurrency: t.field({ type: ConcurrencyPolicyEnum, description: 'A new concurrency policy.' }),
    timeoutSeconds: t.int({ description: 'A new timeout (1 to 86400).' }),
    suspended: t.boolean({ description: 'Pause (true) or resume (false; the next run is computed from now).' }),
    backup: t.field({
      type: ScheduledBackupInput,
      description: "A backup schedule's new volume, consistency, hook and retention (a schedule of jobs takes none).",
    }),
  }),
});

const DeleteScheduleInput = builder.inputType('DeleteScheduleInput', {
  description: 'The schedule to delete.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The schedule (global id).' }) }),
});

const CreateSchedulePayload = builder.objectRef<{ schedule: Schedule }>('CreateSchedulePayload').implement({
  description: 'The new schedule.',
  fields: (t) => ({
    schedule: t.field({ type: ScheduleRef, description: 'The schedule.', resolve: (p) => p.schedule }),
  }),
});
const UpdateSchedulePayload = builder.objectRef<{ schedule: Schedule }>('UpdateSchedulePayload').implement({
  description: 'The changed schedule.',
  fields: (t) => ({
    schedule: t.field({ type: ScheduleRef, description: 'The schedule.', resolve: (p) => p.schedule }),
  }),
});
const DeleteSchedulePayload = builder.objectRef<{ id: string }>('DeleteSchedulePayload').implement({
  description: 'The deleted schedule (its jobs stay).',
  fields: (t) => ({ id: t.exposeID('id', { description: "The deleted schedule's global id." }) }),
});

/** A schedule's global id, or NotFoundError (a malformed id names no schedule). */
function scheduleId(id: string | number): string {
  try {
    return localId(String(id), 'Schedule');
  } catch {
    throw new NotFoundError('schedule');
  }
}

builder.mutationFields((t) => ({
  createSchedule: t.field({
    type: CreateSchedulePayload,
    description: 'Adds a schedule to an instance: its jobs start at each tick of the cron expression.',
    authScopes: { deploy: true },
    errors: {
      types: [
        ValidationError,
        NotFoundError,
        CapabilityNotSupportedError,
        ConflictError,
        ForbiddenError,
        RateLimitedError,
      ],
      union: { name: 'CreateScheduleResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: CreateScheduleInput, required: true, description: 'What to add.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      return { schedule: await ctx.services.schedules.create(ctx.principal, instanceId, input.schedule) };
    }),
  }),
  updateSchedule: t.field({
    type: UpdateSchedulePayload,
    description: 'Changes a schedule; `suspended` pauses and resumes it.',
    authScopes: { deploy: true },
    errors: {
      types: [ValidationError, NotFoundError, ForbiddenError, RateLimitedError],
      union: { name: 'UpdateScheduleResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: UpdateScheduleInput, required: true, description: 'What to change.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => ({
      schedule: await ctx.services.schedules.update(ctx.principal, { ...input, id: scheduleId(input.id) }),
    })),
  }),
  deleteSchedule: t.field({
    type: DeleteSchedulePayload,
    description: 'Deletes a schedule (its jobs stay; a running one is not stopped).',
    authScopes: { deploy: true },
    errors: {
      types: [NotFoundError, ForbiddenError, RateLimitedError],
      union: { name: 'DeleteScheduleResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: DeleteScheduleInput, required: true, description: 'What to delete.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      await ctx.services.schedules.delete(ctx.principal, scheduleId(input.id));
      return { id: String(input.id) };
    }),
  }),
}));
