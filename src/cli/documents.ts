/**
 * The GraphQL operations the CLI sends. They stay here until the typed client
 * (src/client) ships its documents; then these become imports from there.
 */
const OPERATION = 'id kind status readinessOutcome error { code message } steps { name status message }';
// A fragment on a type outside a result union is invalid GraphQL: the two unions without
// ValidationError (deleteSecret, revokeApiToken) take ERRORS_NO_VALIDATION.
const ERRORS_NO_VALIDATION = '... on ForbiddenError { requiredScope } ... on Error { message }';
const ERRORS = `... on ValidationError { fieldErrors { path message } } ${ERRORS_NO_VALIDATION}`;
const LIFECYCLE_PAYLOAD = `operation { ${OPERATION} } instance { id name version state ready }`;

export const ViewerQuery = 'query CliViewer { viewer { scopes tenant { id name } token { id name } } }';

export const ProvidersQuery = `query CliProviders {
  providers { key name version region isDefault capabilities health { healthy message latencyMs } }
}`;

export const InstancesQuery = `query CliInstances($filter: InstanceFilter, $first: Int) {
  instances(first: $first, filter: $filter) {
    edges { node {
      id name state desiredState ready restarts version updatedAt
      provider { key } currentRelease { version } services { name image }
    } }
  }
}`;

/** Everything `status` shows and `apply` compares, plus the newest event cursor to follow from. */
export const InstanceByNameQuery = `query CliInstanceByName($name: String!) {
  instances(first: 1, filter: { name: $name }) {
    edges { node {
      id name kind state desiredState ready restarts message version generation observedGeneration
      provider { key }
      endpoints { serviceName url }
      currentRelease { id version }
      lastOperation { ${OPERATION} }
      services {
        name image role dependsOn command args
        env { name value }
        ports { container host protocol }
        resources { cpuMillis memoryMb diskMb replicas gpu }
        healthCheck { path port intervalSeconds timeoutSeconds retries }
        secrets { key envName }
        volumes { name mountPath }
        status { state ready restarts message providerRef }
      }
      events(first: 1) { edges { cursor } }
    } }
  }
}`;

export const ReleasesQuery = `query CliReleases($id: ID!) {
  instance(id: $id) {
    releases(first: 100) { edges { node {
      id version isCurrent createdAt strategy rolledBackFrom { version } snapshots { name image }
    } } }
  }
}`;

export const EventsQuery = `query CliEvents($filter: EventFilter, $first: Int) {
  events(first: $first, filter: $filter) { edges { node {
    id cursor type occurredAt fromState toState ready message instance { name }
  } } }
}`;

export const ApiTokensQuery = `query CliApiTokens {
  apiTokens(first: 100) { edges { node { id name scopes createdAt expiresAt lastUsedAt revokedAt } } }
}`;

export const SecretsQuery =
  'query CliSecrets { secrets(first: 100) { edges { node { key version createdAt updatedAt } } } }';

export const ProvisionMutation = `mutation CliProvision($input: ProvisionInstanceInput!) {
  provisionInstance(input: $input) { __typename ... on ProvisionInstancePayload { ${LIFECYCLE_PAYLOAD} } ${ERRORS} }
}`;
export const DeployMutation = `mutation CliDeploy($input: DeployInstanceInput!) {
  deployInstance(input: $input) { __typename ... on DeployInstancePayload { ${LIFECYCLE_PAYLOAD} } ${ERRORS} }
}`;
export const ScaleMutation = `mutation CliScale($input: ScaleInstanceInput!) {
  scaleInstance(input: $input) { __typename ... on ScaleInstancePayload { ${LIFECYCLE_PAYLOAD} } ${ERRORS} }
}`;
export const RollbackMutation = `mutation CliRollback($input: RollbackInstanceInput!) {
  rollbackInstance(input: $input) { __typename ... on RollbackInstancePayload { ${LIFECYCLE_PAYLOAD} } ${ERRORS} }
}`;

/** start/stop/restart/destroy share an input; each has its own root field and payload type. */
export const ActionMutations = {
  start: ['startInstance', 'StartInstancePayload'],
  stop: ['stopInstance', 'StopInstancePayload'],
  restart: ['restartInstance', 'RestartInstancePayload'],
  destroy: ['deprovisionInstance', 'DeprovisionInstancePayload'],
} as const;

export function actionMutation(action: keyof typeof ActionMutations): string {
  const [field, payload] = ActionMutations[action];
  return `mutation CliAction($input: InstanceActionInput!) {
  ${field}(input: $input) { __typename ... on ${payload} { ${LIFECYCLE_PAYLOAD} } ${ERRORS} }
}`;
}

export const ExecMutation = `mutation CliExec($input: ExecInstanceInput!) {
  execInstance(input: $input) { __typename ... on ExecInstancePayload { exitCode stdout stderr } ${ERRORS} }
}`;

export const CreateApiTokenMutation = `mutation CliCreateApiToken($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { __typename ... on CreateApiTokenPayload { token apiToken { id name scopes expiresAt } } ${ERRORS} }
}`;
export const RevokeApiTokenMutation = `mutation CliRevokeApiToken($input: RevokeApiTokenInput!) {
  revokeApiToken(input: $input) { __typename ... on RevokeApiTokenPayload { apiToken { id name revokedAt } } ${ERRORS_NO_VALIDATION} }
}`;
export const PutSecretMutation = `mutation CliPutSecret($input: PutSecretInput!) {
  putSecret(input: $input) { __typename ... on PutSecretPayload { secret { key version updatedAt } } ${ERRORS} }
}`;
export const DeleteSecretMutation = `mutation CliDeleteSecret($input: DeleteSecretInput!) {
  deleteSecret(input: $input) { __typename ... on DeleteSecretPayload { key } ${ERRORS_NO_VALIDATION} }
}`;

export const OperationUpdatesSubscription = `subscription CliOperationUpdates($operationId: ID!) {
  operationUpdates(operationId: $operationId) { ${OPERATION} }
}`;
export const InstanceEventsSubscription = `subscription CliInstanceEvents($instanceId: ID!, $after: String) {
  instanceEvents(instanceId: $instanceId, after: $after) {
    id cursor type occurredAt fromState toState ready message data
  }
}`;
export const EventsSubscription = `subscription CliEventFeed($filter: EventFilter, $after: String) {
  events(filter: $filter, after: $after) { id cursor type occurredAt fromState toState ready message instance { name } }
}`;
export const LogsSubscription = `subscription CliLogs($instanceId: ID!, $service: String, $tail: Int, $since: DateTime, $follow: Boolean) {
  instanceLogs(instanceId: $instanceId, service: $service, tail: $tail, since: $since, follow: $follow) {
    timestamp stream service replica message dropped
  }
}`;
