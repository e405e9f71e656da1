import type { WheelhouseClient } from '../client/client.js';
import { InstanceRolloutsDocument, type RolloutFieldsFragment } from '../client/generated/graphql.js';

/** The operation driving an instance's rollout, and where the rollout stands. */
export interface RunningRollout {
  operationId: string;
  kind: string;
  status: string;
  rollout: RolloutFieldsFragment;
}

/** How many of the newest operations are searched: a rollout runs alone, so it is among the last few. */
const SEARCHED = 10;

/**
 * The instance's rollout still in progress (its operation QUEUED or RUNNING),
 * or undefined when none is. Operations come newest first.
 */
export async function runningRollout(
  client: WheelhouseClient,
  instanceId: string,
): Promise<RunningRollout | undefined> {
  const data = await client.request(InstanceRolloutsDocument, { id: instanceId, first: SEARCHED });
  for (const { node } of data.instance?.operations.edges ?? []) {
    if (node.rollout && (node.status === 'QUEUED' || node.status === 'RUNNING')) {
      return { operationId: node.id, kind: node.kind, status: node.status, rollout: node.rollout };
    }
  }
  return undefined;
}
