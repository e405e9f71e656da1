import type { WheelhouseClient } from '../client/client.js';
import {
  CreateScheduleDocument,
  DeleteScheduleDocument,
  InstanceSchedulesDocument,
  type ScheduleSpecInput,
  UpdateScheduleDocument,
  type UpdateScheduleInput,
} from '../client/generated/graphql.js';
import { unwrap } from '../client/unwrap.js';
import type { Output } from './output.js';
import { type CurrentSchedule, type SchedulePlan, scheduleAction } from './schedule-plan.js';

/** The instance's live schedules, as `apply` compares them. */
export async function readSchedules(client: WheelhouseClient, instanceId: string): Promise<CurrentSchedule[]> {
  const data = await client.request(InstanceSchedulesDocument, { id: instanceId });
  // The backup as plain fields (no __typename), so the plan compares it with the file's as JSON.
  return (data.instance?.schedules ?? []).map(({ backup: b, ...s }) => ({
    ...s,
    backup: b
      ? {
          volume: b.volume,
          consistency: b.consistency,
          hook: b.hook ? { service: b.hook.service, before: b.hook.before, after: b.hook.after } : null,
          retention: {
            last: b.retention.last,
            daily: b.retention.daily,
            weekly: b.retention.weekly,
            monthly: b.retention.monthly,
          },
        }
      : null,
  }));
}

/** The schedule part of a plan, for people (after the rest of the plan). */
export function printSchedulePlan(out: Output, plan: SchedulePlan): void {
  for (const r of plan.remove)
    out.line(`  - schedule ${r.name}${r.replaced ? ` (replaced: ${r.replaced.join(', ')} changed)` : ''}`);
  for (const u of plan.update) out.line(`  ~ schedule ${u.name}: ${u.fields.join(', ')}`);
  for (const a of plan.add)
    out.line(`  + schedule ${a.name}: ${a.cron} (${a.timeZone ?? 'UTC'}) on ${a.service}, ${scheduleAction(a)}`);
}

/** What `apply` did to the schedules (its JSON result). */
export interface SchedulesApplied {
  added: string[];
  updated: string[];
  removed: string[];
}

/**
 * Makes the plan's schedule changes, in the order that keeps the most when
 * the server refuses one (it checks what only it can, e.g. a cron or a time
 * zone): changes in place first, then new names, then removals, and last the
 * schedules a removal replaces (their name must be free first). Runs after a
 * deploy was accepted: the instance then has the services the deploy adds.
 */
export async function applySchedules(
  client: WheelhouseClient,
  out: Output,
  instanceId: string,
  plan: SchedulePlan,
  done: SchedulesApplied,
): Promise<void> {
  const replaced = new Set(plan.remove.filter((r) => r.replaced).map((r) => r.name));
  const create = async (a: SchedulePlan['add'][number]) => {
    const r = unwrap(
      (await client.request(CreateScheduleDocument, { input: { instanceId, schedule: a as ScheduleSpecInput } }))
        .createSchedule,
    );
    out.line(`schedule added: ${a.name} (next run ${r.schedule.nextRunAt ?? 'paused'})`);
    done.added.push(a.name);
  };
  for (const u of plan.update) {
    const r = unwrap(
      (await client.request(UpdateScheduleDocument, { input: u.input as UpdateScheduleInput })).updateSchedule,
    );
    out.line(`schedule changed: ${u.name} (next run ${r.schedule.nextRunAt ?? 'paused'})`);
    done.updated.push(u.name);
  }
  for (const a of plan.add.filter((x) => !replaced.has(x.name))) await create(a);
  for (const r of plan.remove) {
    unwrap((await client.request(DeleteScheduleDocument, { input: { id: r.id } })).deleteSchedule);
    out.line(`schedule removed: ${r.name}`);
    done.removed.push(r.name);
  }
  for (const a of plan.add.filter((x) => replaced.has(x.name))) await create(a);
}
