/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation SecretsPut($input: PutSecretInput!) {\n    putSecret(input: $input) {\n      __typename\n      ... on PutSecretPayload { secret { key version createdAt updatedAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": typeof types.SecretsPutDocument,
    "\n  mutation SecretsDelete($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) {\n      __typename\n      ... on DeleteSecretPayload { key }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": typeof types.SecretsDeleteDocument,
    "\n  query SecretsList($first: Int, $after: String) {\n    secrets(first: $first, after: $after) {\n      edges { cursor node { key version createdAt updatedAt } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n": typeof types.SecretsListDocument,
    "\n  query SecretsTypeFields {\n    __type(name: \"Secret\") { fields { name } }\n  }\n": typeof types.SecretsTypeFieldsDocument,
    "\n  query TokensWhoAmI {\n    viewer {\n      scopes\n      tenant { id name }\n      token { id name scopes }\n    }\n  }\n": typeof types.TokensWhoAmIDocument,
    "\n  mutation TokensCreate($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload {\n        token\n        apiToken { id name scopes createdAt expiresAt lastUsedAt revokedAt }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": typeof types.TokensCreateDocument,
    "\n  mutation TokensRevoke($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      __typename\n      ... on RevokeApiTokenPayload { apiToken { id revokedAt } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": typeof types.TokensRevokeDocument,
    "\n  query TokensList {\n    apiTokens(first: 100) {\n      edges { cursor node { id name scopes createdAt expiresAt lastUsedAt revokedAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.TokensListDocument,
    "\n  query TokensTypeFields {\n    __type(name: \"ApiToken\") { fields { name } }\n  }\n": typeof types.TokensTypeFieldsDocument,
    "\n  mutation TokensCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) {\n      __typename\n      ... on CreateTenantPayload { tenant { id name createdAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ConflictError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": typeof types.TokensCreateTenantDocument,
    "\n  query Viewer {\n    viewer {\n      scopes\n      tenant { id name }\n      token { name scopes }\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  mutation E2EProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id name state ready version endpoints { serviceName url port } currentRelease { id version isCurrent } }\n        operation { id kind status readinessOutcome attempts error { code message } steps { name status } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.E2EProvisionDocument,
    "\n  mutation E2EDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { id state ready version currentRelease { id version } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent snapshots { name image } } }\n      }\n      ... on Error { message }\n    }\n  }\n": typeof types.E2EDeployDocument,
    "\n  mutation E2ERollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload {\n        instance { state ready currentRelease { id version rolledBackFrom { id version } snapshots { name image } } }\n        operation { status readinessOutcome }\n      }\n      ... on Error { message }\n    }\n  }\n": typeof types.E2ERollbackDocument,
    "\n  mutation E2EScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { ready services { name resources { replicas memoryMb } } } operation { status readinessOutcome } }\n      ... on Error { message }\n    }\n  }\n": typeof types.E2EScaleDocument,
    "\n  mutation E2EExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout stderr }\n      ... on Error { message }\n    }\n  }\n": typeof types.E2EExecDocument,
    "\n  mutation E2EStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n": typeof types.E2EStopDocument,
    "\n  mutation E2EStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { instance { state desiredState ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n": typeof types.E2EStartDocument,
    "\n  mutation E2ERestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { instance { state ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n": typeof types.E2ERestartDocument,
    "\n  mutation E2EDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n": typeof types.E2EDeprovisionDocument,
    "\n  query E2EHistory($id: ID!) {\n    instance(id: $id) {\n      state\n      services { name image status { state ready providerRef } }\n      releases(first: 10) { edges { node { version isCurrent } } }\n      operations(first: 20) { edges { node { kind status readinessOutcome } } }\n      events(first: 100) { edges { node { type fromState toState ready } } }\n    }\n  }\n": typeof types.E2EHistoryDocument,
    "\n  query E2EEndpoint($id: ID!) {\n    instance(id: $id) { endpoints { serviceName url } }\n  }\n": typeof types.E2EEndpointDocument,
    "\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.SupervisorProvisionDocument,
    "\n  query SupervisorWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 50) { edges { node { type fromState toState ready message } } }\n    }\n  }\n": typeof types.SupervisorWatchDocument,
};
const documents: Documents = {
    "\n  mutation SecretsPut($input: PutSecretInput!) {\n    putSecret(input: $input) {\n      __typename\n      ... on PutSecretPayload { secret { key version createdAt updatedAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": types.SecretsPutDocument,
    "\n  mutation SecretsDelete($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) {\n      __typename\n      ... on DeleteSecretPayload { key }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": types.SecretsDeleteDocument,
    "\n  query SecretsList($first: Int, $after: String) {\n    secrets(first: $first, after: $after) {\n      edges { cursor node { key version createdAt updatedAt } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n": types.SecretsListDocument,
    "\n  query SecretsTypeFields {\n    __type(name: \"Secret\") { fields { name } }\n  }\n": types.SecretsTypeFieldsDocument,
    "\n  query TokensWhoAmI {\n    viewer {\n      scopes\n      tenant { id name }\n      token { id name scopes }\n    }\n  }\n": types.TokensWhoAmIDocument,
    "\n  mutation TokensCreate($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload {\n        token\n        apiToken { id name scopes createdAt expiresAt lastUsedAt revokedAt }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": types.TokensCreateDocument,
    "\n  mutation TokensRevoke($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      __typename\n      ... on RevokeApiTokenPayload { apiToken { id revokedAt } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": types.TokensRevokeDocument,
    "\n  query TokensList {\n    apiTokens(first: 100) {\n      edges { cursor node { id name scopes createdAt expiresAt lastUsedAt revokedAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.TokensListDocument,
    "\n  query TokensTypeFields {\n    __type(name: \"ApiToken\") { fields { name } }\n  }\n": types.TokensTypeFieldsDocument,
    "\n  mutation TokensCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) {\n      __typename\n      ... on CreateTenantPayload { tenant { id name createdAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ConflictError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n": types.TokensCreateTenantDocument,
    "\n  query Viewer {\n    viewer {\n      scopes\n      tenant { id name }\n      token { name scopes }\n    }\n  }\n": types.ViewerDocument,
    "\n  mutation E2EProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id name state ready version endpoints { serviceName url port } currentRelease { id version isCurrent } }\n        operation { id kind status readinessOutcome attempts error { code message } steps { name status } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.E2EProvisionDocument,
    "\n  mutation E2EDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { id state ready version currentRelease { id version } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent snapshots { name image } } }\n      }\n      ... on Error { message }\n    }\n  }\n": types.E2EDeployDocument,
    "\n  mutation E2ERollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload {\n        instance { state ready currentRelease { id version rolledBackFrom { id version } snapshots { name image } } }\n        operation { status readinessOutcome }\n      }\n      ... on Error { message }\n    }\n  }\n": types.E2ERollbackDocument,
    "\n  mutation E2EScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { ready services { name resources { replicas memoryMb } } } operation { status readinessOutcome } }\n      ... on Error { message }\n    }\n  }\n": types.E2EScaleDocument,
    "\n  mutation E2EExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout stderr }\n      ... on Error { message }\n    }\n  }\n": types.E2EExecDocument,
    "\n  mutation E2EStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n": types.E2EStopDocument,
    "\n  mutation E2EStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { instance { state desiredState ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n": types.E2EStartDocument,
    "\n  mutation E2ERestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { instance { state ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n": types.E2ERestartDocument,
    "\n  mutation E2EDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n": types.E2EDeprovisionDocument,
    "\n  query E2EHistory($id: ID!) {\n    instance(id: $id) {\n      state\n      services { name image status { state ready providerRef } }\n      releases(first: 10) { edges { node { version isCurrent } } }\n      operations(first: 20) { edges { node { kind status readinessOutcome } } }\n      events(first: 100) { edges { node { type fromState toState ready } } }\n    }\n  }\n": types.E2EHistoryDocument,
    "\n  query E2EEndpoint($id: ID!) {\n    instance(id: $id) { endpoints { serviceName url } }\n  }\n": types.E2EEndpointDocument,
    "\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n": types.SupervisorProvisionDocument,
    "\n  query SupervisorWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 50) { edges { node { type fromState toState ready message } } }\n    }\n  }\n": types.SupervisorWatchDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SecretsPut($input: PutSecretInput!) {\n    putSecret(input: $input) {\n      __typename\n      ... on PutSecretPayload { secret { key version createdAt updatedAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"): (typeof documents)["\n  mutation SecretsPut($input: PutSecretInput!) {\n    putSecret(input: $input) {\n      __typename\n      ... on PutSecretPayload { secret { key version createdAt updatedAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SecretsDelete($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) {\n      __typename\n      ... on DeleteSecretPayload { key }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"): (typeof documents)["\n  mutation SecretsDelete($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) {\n      __typename\n      ... on DeleteSecretPayload { key }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SecretsList($first: Int, $after: String) {\n    secrets(first: $first, after: $after) {\n      edges { cursor node { key version createdAt updatedAt } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n"): (typeof documents)["\n  query SecretsList($first: Int, $after: String) {\n    secrets(first: $first, after: $after) {\n      edges { cursor node { key version createdAt updatedAt } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SecretsTypeFields {\n    __type(name: \"Secret\") { fields { name } }\n  }\n"): (typeof documents)["\n  query SecretsTypeFields {\n    __type(name: \"Secret\") { fields { name } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TokensWhoAmI {\n    viewer {\n      scopes\n      tenant { id name }\n      token { id name scopes }\n    }\n  }\n"): (typeof documents)["\n  query TokensWhoAmI {\n    viewer {\n      scopes\n      tenant { id name }\n      token { id name scopes }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TokensCreate($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload {\n        token\n        apiToken { id name scopes createdAt expiresAt lastUsedAt revokedAt }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"): (typeof documents)["\n  mutation TokensCreate($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload {\n        token\n        apiToken { id name scopes createdAt expiresAt lastUsedAt revokedAt }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TokensRevoke($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      __typename\n      ... on RevokeApiTokenPayload { apiToken { id revokedAt } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"): (typeof documents)["\n  mutation TokensRevoke($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) {\n      __typename\n      ... on RevokeApiTokenPayload { apiToken { id revokedAt } }\n      ... on NotFoundError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TokensList {\n    apiTokens(first: 100) {\n      edges { cursor node { id name scopes createdAt expiresAt lastUsedAt revokedAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query TokensList {\n    apiTokens(first: 100) {\n      edges { cursor node { id name scopes createdAt expiresAt lastUsedAt revokedAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TokensTypeFields {\n    __type(name: \"ApiToken\") { fields { name } }\n  }\n"): (typeof documents)["\n  query TokensTypeFields {\n    __type(name: \"ApiToken\") { fields { name } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TokensCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) {\n      __typename\n      ... on CreateTenantPayload { tenant { id name createdAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ConflictError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"): (typeof documents)["\n  mutation TokensCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) {\n      __typename\n      ... on CreateTenantPayload { tenant { id name createdAt } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on ConflictError { message }\n      ... on ForbiddenError { message requiredScope }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      scopes\n      tenant { id name }\n      token { name scopes }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      scopes\n      tenant { id name }\n      token { name scopes }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2EProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id name state ready version endpoints { serviceName url port } currentRelease { id version isCurrent } }\n        operation { id kind status readinessOutcome attempts error { code message } steps { name status } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation E2EProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id name state ready version endpoints { serviceName url port } currentRelease { id version isCurrent } }\n        operation { id kind status readinessOutcome attempts error { code message } steps { name status } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2EDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { id state ready version currentRelease { id version } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent snapshots { name image } } }\n      }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation E2EDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { id state ready version currentRelease { id version } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent snapshots { name image } } }\n      }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2ERollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload {\n        instance { state ready currentRelease { id version rolledBackFrom { id version } snapshots { name image } } }\n        operation { status readinessOutcome }\n      }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation E2ERollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload {\n        instance { state ready currentRelease { id version rolledBackFrom { id version } snapshots { name image } } }\n        operation { status readinessOutcome }\n      }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2EScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { ready services { name resources { replicas memoryMb } } } operation { status readinessOutcome } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation E2EScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { ready services { name resources { replicas memoryMb } } } operation { status readinessOutcome } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2EExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout stderr }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation E2EExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout stderr }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2EStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation E2EStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2EStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { instance { state desiredState ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation E2EStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { instance { state desiredState ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2ERestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { instance { state ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation E2ERestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { instance { state ready } operation { status readinessOutcome } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation E2EDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation E2EDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { instance { state desiredState ready } operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query E2EHistory($id: ID!) {\n    instance(id: $id) {\n      state\n      services { name image status { state ready providerRef } }\n      releases(first: 10) { edges { node { version isCurrent } } }\n      operations(first: 20) { edges { node { kind status readinessOutcome } } }\n      events(first: 100) { edges { node { type fromState toState ready } } }\n    }\n  }\n"): (typeof documents)["\n  query E2EHistory($id: ID!) {\n    instance(id: $id) {\n      state\n      services { name image status { state ready providerRef } }\n      releases(first: 10) { edges { node { version isCurrent } } }\n      operations(first: 20) { edges { node { kind status readinessOutcome } } }\n      events(first: 100) { edges { node { type fromState toState ready } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query E2EEndpoint($id: ID!) {\n    instance(id: $id) { endpoints { serviceName url } }\n  }\n"): (typeof documents)["\n  query E2EEndpoint($id: ID!) {\n    instance(id: $id) { endpoints { serviceName url } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupervisorWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 50) { edges { node { type fromState toState ready message } } }\n    }\n  }\n"): (typeof documents)["\n  query SupervisorWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 50) { edges { node { type fromState toState ready message } } }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;