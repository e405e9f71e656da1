/** What the jobs tests share: an instance provisioned (and removed) through the API. */
import { expect } from 'vitest';
import { gql, type TestApp } from '../support/app.js';

/** Provisions `input` with wait and answers the instance's id (the provision must succeed). */
export async function provisionInstance(app: TestApp, token: string, input: Record<string, unknown>): Promise<string> {
  const r = await gql(
    app,
    token,
    `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) {
      __typename ... on ProvisionInstancePayload { instance { id } operation { status } } ... on Error { message } } }`,
    { input: { ...input, wait: true } },
  );
  expect(r.provisionInstance.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
  return r.provisionInstance.instance.id;
}

/** Deprovisions with its volumes, waiting; a failure is left to the run's leak check. */
export async function removeInstance(app: TestApp, token: string, instanceId: string): Promise<void> {
  await gql(
    app,
    token,
    'mutation($input: InstanceActionInput!) { deprovisionInstance(input: $input, deleteVolumes: true) { __typename } }',
    { input: { instanceId, wait: true } },
  ).catch(() => undefined);
}

/** Asks to cancel an operation; answers the payload's type name (CancelOperationPayload when accepted). */
export async function cancelOperation(app: TestApp, token: string, operationId: string): Promise<string> {
  const c = await gql(
    app,
    token,
    'mutation($input: CancelOperationInput!) { cancelOperation(input: $input) { __typename ... on Error { message } } }',
    { input: { operationId } },
  );
  return c.cancelOperation.__typename;
}
