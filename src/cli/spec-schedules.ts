import { z } from 'zod';
import { serviceNames, uniqueNames } from './spec-names.js';

/**
 * `schedules:` in `wheelhouse.yaml` (issue 35, docs/jobs.md): the instance's
 * cron schedules of jobs, each named (unique in the file). A string command
 * runs with `sh -c`; a list is the command itself. Fields left out take the
 * API's defaults, except `suspended`: left out, `apply` leaves a schedule
 * paused or running as it is (pausing is an operator's act, not the file's).
 */
const concurrency = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(['ALLOW', 'FORBID', 'REPLACE'], { error: 'must be allow, forbid or replace' }));

const scheduleSchema = z.strictObject({
  name: z.string().min(1, 'a schedule needs a name'),
  service: z.string().min(1, 'a schedule needs a service'),
  command: z.union([
    z
      .string()
      .min(1, 'a command is required')
      .transform((s) => ['sh', '-c', s]),
    z.array(z.string()).min(1, 'a command is required'),
  ]),
  cron: z.string().min(1, 'a cron expression is required'),
  timeZone: z.string().min(1).optional(),
  concurrency: concurrency.optional(),
  timeoutSeconds: z.number().int().optional(),
  startingDeadlineSeconds: z.number().int().optional(),
  historyLimit: z.number().int().optional(),
  suspended: z.boolean().optional(),
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
