/**
 * The typed operations of the stream tests: the client's own documents
 * (src/client/operations), plus the two whose exact selection these tests
 * assert (compiled by codegen into test/generated).
 */
import {
  DeployInstanceDocument,
  DeprovisionInstanceDocument,
  ProvisionInstanceDocument,
  RevokeApiTokenDocument,
  ViewerDocument,
  WatchEventsDocument,
  WatchInstanceEventsDocument,
  WatchInstanceLogChunksDocument,
  WatchInstanceLogsDocument,
} from '../../src/client/index.js';
import { graphql } from '../generated/gql.js';

export const InstanceEventsSub = WatchInstanceEventsDocument;
export const EventsSub = WatchEventsDocument;
export const LogsSub = WatchInstanceLogsDocument;
export const LogChunksSub = WatchInstanceLogChunksDocument;
export const ProvisionMut = ProvisionInstanceDocument;
export const DeployMut = DeployInstanceDocument;
export const DeprovisionMut = DeprovisionInstanceDocument;
export const RevokeMut = RevokeApiTokenDocument;
export const ViewerQuery = ViewerDocument;

/** Local: the stream tests compare its steps as exactly `{ name, status }`. */

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

export const InstanceEventIdsQuery = graphql(`
  query StreamInstanceEventIds($id: ID!) {
    instance(id: $id) {
      events(first: 100) { edges { node { id cursor type } } }
    }
  }
`);
