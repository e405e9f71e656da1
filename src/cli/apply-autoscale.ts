import { type AutoscaleInput, ScaleInstanceDocument } from '../client/generated/graphql.js';
import { unwrap } from '../client/unwrap.js';
import type { ServiceChange } from './apply-plan.js';
import { followOperation } from './follow-operation.js';
import { followTarget, type Session } from './session.js';

/** What sending the policy changes of a plan did. */
export interface PolicyChangesSent {
  /** One SCALE operation per service whose policy changed, in order. */
  operations: Array<{ service: string; id: string; kind: string; status: string }>;
  /** The instance's version after them, for the deploy that may follow. */
  version: number;
}

/**
 * Sends each autoscaling policy change of a plan as a `scaleInstance` (the
 * mutation that hands the policy to the provider; `autoscale: null` removes
 * it). Each carries the version the previous one left, so a change made by
 * someone else since the plan was read is a ConflictError, as for a deploy.
 * With `wait`, follows each operation to its end (exit 1 if one fails).
 */
export async function sendPolicyChanges(
  session: Session,
  instance: { id: string; name: string },
  changes: ServiceChange[],
  expectedVersion: number,
  wait: boolean,
): Promise<PolicyChangesSent> {
  const { client, out } = session;
  const operations: PolicyChangesSent['operations'] = [];
  let version = expectedVersion;
  for (const c of changes) {
    if (!('autoscale' in c)) continue;
    const target = wait ? await followTarget(client, instance) : undefined;
    const payload = unwrap(
      (
        await client.request(ScaleInstanceDocument, {
          input: {
            instanceId: instance.id,
            expectedVersion: version,
            service: c.name,
            resources: { autoscale: (c.autoscale ?? null) as AutoscaleInput | null },
          },
        })
      ).scaleInstance,
    );
    version = payload.instance.version;
    let op = payload.operation;
    if (target) op = await followOperation(client, out, op, instance, target.afterCursor);
    else out.line(`operation ${op.id} ${op.kind} ${op.status} (autoscale of ${c.name})`);
    operations.push({ service: c.name, id: op.id, kind: op.kind, status: op.status });
  }
  return { operations, version };
}
