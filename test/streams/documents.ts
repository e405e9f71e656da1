/** The typed operations of the stream tests (compiled by codegen into test/generated). */
import { graphql } from '../generated/gql.js';

export const InstanceEventsSub = graphql(`
  subscription StreamInstanceEvents($instanceId: ID!, $after: String) {
    instanceEvents(instanceId: $instanceId, after: $after) {
      id
      cursor
      type
      fromState
      toState
      ready
      message
      operation { id status }
      instance { id state ready }
    }
  }
`);

export const OperationUpdatesSub = graphql(`
  subscription StreamOperationUpdates($operationId: ID!) {
    operationUpdates(operationId: $operationId) {
      id
      kind
      status
      readinessOutcome
      error { code message }
      steps { name status }
      instance { id state ready }
    }
  }
`);

export const EventsSub = graphql(`
  subscription StreamEvents($filter: EventFilter, $after: String) {
    events(filter: $filter, after: $after) {
      id
      cursor
      type
      message
      instance { id }
    }
  }
`);

export const LogsSub = graphql(`
  subscription StreamLogs($instanceId: ID!, $service: String, $tail: Int, $since: DateTime, $follow: Boolean) {
    instanceLogs(instanceId: $instanceId, service: $service, tail: $tail, since: $since, follow: $follow) {
      timestamp
      stream
      service
      replica
      message
      dropped
    }
  }
`);

export const ProvisionMut = graphql(`
  mutation StreamProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload {
        instance { id state ready }
        operation { id status readinessOutcome }
      }
      ... on Error { message }
    }
  }
`);

export const DeployMut = graphql(`
  mutation StreamDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload {
        instance { id }
        operation { id status readinessOutcome }
      }
      ... on Error { message }
    }
  }
`);

export const DeprovisionMut = graphql(`
  mutation StreamDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) {
      __typename
      ... on DeprovisionInstancePayload { operation { id status } }
      ... on Error { message }
    }
  }
`);

export const RevokeMut = graphql(`
  mutation StreamRevoke($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) {
      __typename
      ... on RevokeApiTokenPayload { apiToken { id revokedAt } }
      ... on Error { message }
    }
  }
`);

export const ViewerQuery = graphql(`
  query StreamViewer {
    viewer { token { id } }
  }
`);

export const InstanceEventIdsQuery = graphql(`
  query StreamInstanceEventIds($id: ID!) {
    instance(id: $id) {
      events(first: 100) { edges { node { id cursor type } } }
    }
  }
`);
