import { z } from 'zod';
import { serviceNames, uniqueNames } from './spec-names.js';

/**
 * `schedules:` in `wheelhouse.yaml` (issue 35, docs/jobs.md): the instance's
 * cron schedules of jobs, each named (unique in the file). A string command
 * runs with `sh -c`; a list is the command itself. A schedule with `backup:`
 * instead of `command:` backs up a volume at each tick (issue 36). Fields left out take the
 * API's defaults, except `suspended`: left out, `apply` leaves a schedule
 * paused or running as it is (pausing is an operator's act, not the file's).
 */
const concurrency = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(['ALLOW', 'FORBID', 'REPLACE'], { error: 'must be allow, forbid or replace' }));

/** A command: a string runs with `sh -c`, a list is the command itself. */
const argv = (required: string) =>
  z.union([
    z
      .string()
      .min(1, required)
      .transform((s) => ['sh', '-c', s]),
    z.array(z.string()).min(1, required),
  ]);

const count = z.number().int().min(0).optional();

/** `backup:` (issue 36, docs/backups.md): the volume each tick backs up, and how many backups are kept. */
const backupSchema = z.strictObject({
  volume: z.string().min(1, 'a backup names its volume'),
  consistency: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['LIVE', 'STOP', 'HOOK'], { error: 'must be live, stop or hook' }))
    .optional(),
  hook: z
    .strictObject({
      service: z.string().min(1, 'a hook names its service'),
      before: argv('a before command is not empty').optional(),
      after: argv('an after command is not empty').optional(),
    })
    .optional(),
  retention: z.strictObject({ last: count, daily: count, weekly: count, monthly: count }).optional(),
});

const scheduleSchema = z
  .strictObject({
    name: z.string().min(1, 'a schedule needs a name'),
    service: z.string().min(1, 'a schedule needs a service'),
    command: argv('a command is required').optional(),
    backup: backupSchema.optional(),
    cron: z.string().min(1, 'a cron expression is required'),
    timeZone: z.string().min(1).optional(),
    concurrency: concurrency.optional(),
    timeoutSeconds: z.number().int().optional(),
    startingDeadlineSeconds: z.number().int().optional(),
    historyLimit: z.number().int().optional(),
    suspended: z.boolean().optional(),
  })
  .superRefine((s, ctx) => {
    // A schedule runs a command (as a job) or backs up a volume: exactly one.
    if (s.command && s.backup)
      ctx.addIssue({ code: 'custom', path: ['backup'], message: 'give command or backup, not both' });
    if (!s.command && !s.backup)
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'a command is required (or backup:)' });
  });

/** The `schedules:` list; a name given twice is an error at its second place. */
export const schedulesSchema = z.array(scheduleSchema).superRefine(uniqueNames);

/** One schedule of an app spec, as written in the file (its command as a list). */
export type ScheduleFileSpec = z.infer<typeof scheduleSchema>;

/** Each schedule runs in a service of the file (a source's services are not known here). */
export function schedulesOfServices(
  spec: {
    services?: Array<{ name: string }> | Record<string, unknown>;
    source?: unknown;
    schedules?: Array<{ service: string }>;
  },
  ctx: z.RefinementCtx,
): void {
  if (!spec.schedules) return;
  if (spec.source) {
    ctx.addIssue({ code: 'custom', path: ['schedules'], message: 'schedules run in services: not with a source' });
    return;
  }
  const names = serviceNames(spec);
  spec.schedules.forEach((s, i) => {
    if (!names.includes(s.service))
      ctx.addIssue({ code: 'custom', path: ['schedules', i, 'service'], message: `no service named "${s.service}"` });
  });
}
