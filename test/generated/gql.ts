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
    "\n  mutation BuildsBuildService($input: BuildServiceInput!) {\n    buildService(input: $input) {\n      __typename\n      ... on BuildServicePayload {\n        build { id status service source { kind archiveSha256 commit url ref } }\n        operation { id kind status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n": typeof types.BuildsBuildServiceDocument,
    "\n  query BuildsBuild($id: ID!) {\n    node(id: $id) {\n      ... on Build {\n        id status service image imageDigest steps cachedSteps error startedAt finishedAt\n        source { kind commit archiveSha256 }\n        release { id version snapshots { name image } }\n        operation { id kind status error { code message } build { id } }\n        instance { id }\n        logs(first: 1000) { edges { cursor node { cursor step line } } pageInfo { hasNextPage endCursor } }\n      }\n    }\n  }\n": typeof types.BuildsBuildDocument,
    "\n  query BuildsInstance($id: ID!) {\n    instance(id: $id) {\n      id\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      builds(first: 20) { edges { cursor node { id status image } } }\n      operations(first: 20) { edges { node { id kind status error { code message } release { id } } } }\n    }\n  }\n": typeof types.BuildsInstanceDocument,
    "\n  subscription BuildsLogs($buildId: ID!, $after: String) {\n    buildLogs(buildId: $buildId, after: $after) { cursor step line at }\n  }\n": typeof types.BuildsLogsDocument,
    "\n  mutation BuildsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.BuildsProvisionDocument,
    "\n  mutation BuildsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.BuildsDeployDocument,
    "\n  mutation BuildsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.BuildsCancelDocument,
    "\n  mutation BuildsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.BuildsDeprovisionDocument,
    "\n  mutation BuildsPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename }\n  }\n": typeof types.BuildsPutSecretDocument,
    "\n  mutation VolumesProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.VolumesProvisionDocument,
    "\n  mutation VolumesDeprovision($input: InstanceActionInput!, $deleteVolumes: Boolean) {\n    deprovisionInstance(input: $input, deleteVolumes: $deleteVolumes) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status steps { name message } } }\n      ... on Error { message }\n    }\n  }\n": typeof types.VolumesDeprovisionDocument,
    "\n  mutation SourceProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id sourceType }\n        operation { status error { code message } steps { name message } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.SourceProvisionDocument,
    "\n  mutation SourceDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status error { code message } steps { name message } } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.SourceDeployDocument,
    "\n  mutation SourceRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n": typeof types.SourceRollbackDocument,
    "\n  mutation SourceDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n": typeof types.SourceDeprovisionDocument,
    "\n  query SourceInstance($id: ID!) {\n    node(id: $id) {\n      ... on Instance {\n        state\n        ready\n        message\n        sourceType\n        objects { apiVersion kind namespace name ready message }\n        releases(first: 10) { edges { node { id version sourceType manifests } } }\n      }\n    }\n  }\n": typeof types.SourceInstanceDocument,
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
    "\n  mutation ConsoleTestProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } }\n      ... on Error { message }\n    }\n  }\n": typeof types.ConsoleTestProvisionDocument,
    "\n  mutation ConsoleTestDestroy($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.ConsoleTestDestroyDocument,
    "\n  query ConsoleTestInstances { instances(first: 5) { edges { node { id } } } }\n": typeof types.ConsoleTestInstancesDocument,
    "\n  query ConsoleTestInstance($id: ID!) {\n    instance(id: $id) { state ready currentRelease { version } releases(first: 10) { edges { node { version } } } }\n  }\n": typeof types.ConsoleTestInstanceDocument,
    "\n  mutation CtlBadProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id } }\n        operation { id status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlBadProvisionDocument,
    "\n  mutation CtlBadDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlBadDeployDocument,
    "\n  mutation CtlBadScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlBadScaleDocument,
    "\n  mutation CtlBadRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlBadRollbackDocument,
    "\n  mutation CtlBadExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlBadExecDocument,
    "\n  mutation CtlCrashProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } endpoints { serviceName url } }\n        operation { status readinessOutcome error { code message } }\n      }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlCrashProvisionDocument,
    "\n  mutation CtlCrashDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlCrashDeployDocument,
    "\n  mutation CtlCrashDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": typeof types.CtlCrashDeprovisionDocument,
    "\n  query CtlCrashOperation($id: ID!) {\n    operation(id: $id) {\n      status readinessOutcome attempts\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n": typeof types.CtlCrashOperationDocument,
    "\n  query CtlCrashInstance($id: ID!) {\n    instance(id: $id) {\n      state ready\n      endpoints { serviceName url }\n      currentRelease { version }\n      releases(first: 10) { edges { node { version isCurrent } } }\n    }\n  }\n": typeof types.CtlCrashInstanceDocument,
    "\n  mutation CtlFuzzProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { id status } }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlFuzzProvisionDocument,
    "\n  mutation CtlFuzzDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": typeof types.CtlFuzzDeployDocument,
    "\n  mutation CtlFuzzScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": typeof types.CtlFuzzScaleDocument,
    "\n  mutation CtlFuzzRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": typeof types.CtlFuzzRollbackDocument,
    "\n  mutation CtlFuzzStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.CtlFuzzStartDocument,
    "\n  mutation CtlFuzzStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.CtlFuzzStopDocument,
    "\n  mutation CtlFuzzRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.CtlFuzzRestartDocument,
    "\n  mutation CtlFuzzDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.CtlFuzzDeprovisionDocument,
    "\n  mutation CtlFuzzExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode }\n      ... on ValidationError { fieldErrors { path } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlFuzzExecDocument,
    "\n  mutation CtlFuzzCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.CtlFuzzCancelDocument,
    "\n  mutation CtlFuzzPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": typeof types.CtlFuzzPutSecretDocument,
    "\n  mutation CtlFuzzDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.CtlFuzzDeleteSecretDocument,
    "\n  mutation CtlFuzzCreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": typeof types.CtlFuzzCreateApiTokenDocument,
    "\n  mutation CtlFuzzRevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.CtlFuzzRevokeApiTokenDocument,
    "\n  mutation CtlFuzzCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": typeof types.CtlFuzzCreateTenantDocument,
    "\n  query CtlFuzzViewer { viewer { scopes tenant { id name } } }\n": typeof types.CtlFuzzViewerDocument,
    "\n  mutation CtlIdemProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id version } operation { id status idempotencyKey } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlIdemProvisionDocument,
    "\n  mutation CtlIdemDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { instance { id version } operation { id status release { version } } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlIdemDeployDocument,
    "\n  mutation CtlIdemStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { version } operation { id status } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlIdemStopDocument,
    "\n  mutation CtlIdemScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlIdemScaleDocument,
    "\n  query CtlIdemVersion($id: ID!) {\n    instance(id: $id) { version operations(first: 50) { edges { node { id kind } } } }\n  }\n": typeof types.CtlIdemVersionDocument,
    "\n  query CtlNPlusOnePage($first: Int!) {\n    instances(first: $first) {\n      edges {\n        node {\n          services { name image status { state } }\n          currentRelease { version }\n          provider { key }\n          lastOperation { kind status }\n        }\n      }\n    }\n  }\n": typeof types.CtlNPlusOnePageDocument,
    "\n  mutation CtlOpsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } }\n        operation { id status }\n      }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlOpsProvisionDocument,
    "\n  mutation CtlOpsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlOpsDeployDocument,
    "\n  mutation CtlOpsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status readinessOutcome error { code } finishedAt } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlOpsCancelDocument,
    "\n  query CtlOpsOperation($id: ID!) {\n    operation(id: $id) {\n      id kind status readinessOutcome attempts startedAt finishedAt\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n": typeof types.CtlOpsOperationDocument,
    "\n  query CtlOpsInstance($id: ID!) {\n    instance(id: $id) {\n      state\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      releases(first: 50) { edges { node { version isCurrent } } }\n      operations(first: 50) {\n        edges { node { id kind status startedAt finishedAt attempts release { id version } } }\n      }\n    }\n  }\n": typeof types.CtlOpsInstanceDocument,
    "\n  mutation CtlStateProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlStateProvisionDocument,
    "\n  mutation CtlStateDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": typeof types.CtlStateDeployDocument,
    "\n  mutation CtlStateScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": typeof types.CtlStateScaleDocument,
    "\n  mutation CtlStateRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": typeof types.CtlStateRollbackDocument,
    "\n  mutation CtlStateStart($input: InstanceActionInput!) {\n    startInstance(input: $input) {\n      __typename\n      ... on StartInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlStateStartDocument,
    "\n  mutation CtlStateStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlStateStopDocument,
    "\n  mutation CtlStateRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": typeof types.CtlStateRestartDocument,
    "\n  mutation CtlStateDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { instance { state } operation { id status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlStateDeprovisionDocument,
    "\n  mutation CtlStateExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": typeof types.CtlStateExecDocument,
    "\n  query CtlStateOperation($id: ID!) { operation(id: $id) { status } }\n": typeof types.CtlStateOperationDocument,
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
    "\n  query EdgeDomainsRoutesTls {\n    routes(filter: {}) { edges { node { url tls { source issuer notAfter secretKey } } } }\n  }\n": typeof types.EdgeDomainsRoutesTlsDocument,
    "\n  mutation ScaleToZeroProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id } operation { id status error { message } } }\n    }\n  }\n": typeof types.ScaleToZeroProvisionDocument,
    "\n  query ScaleToZeroAutoscale($id: ID!) {\n    instance(id: $id) {\n      services { resources { replicas } autoscale { currentReplicas desiredReplicas message } }\n    }\n  }\n": typeof types.ScaleToZeroAutoscaleDocument,
    "\n  mutation DockerdFaultProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { id status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.DockerdFaultProvisionDocument,
    "\n  mutation DockerdFaultDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": typeof types.DockerdFaultDeprovisionDocument,
    "\n  query DockerdFaultWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      message\n      operations(first: 10) { edges { node { kind status error { code message } } } }\n    }\n    providers { key health { healthy message } }\n  }\n": typeof types.DockerdFaultWatchDocument,
    "\n  mutation GpuProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n": typeof types.GpuProvisionDocument,
    "\n  mutation AuditPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.AuditPutSecretDocument,
    "\n  mutation AuditDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.AuditDeleteSecretDocument,
    "\n  mutation AuditProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status release { id } } }\n      ... on Error { message }\n    }\n  }\n": typeof types.AuditProvisionDocument,
    "\n  mutation AuditDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on DeployInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditDeployDocument,
    "\n  mutation AuditScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ScaleInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditScaleDocument,
    "\n  mutation AuditRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on RollbackInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditRollbackDocument,
    "\n  mutation AuditStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditStopDocument,
    "\n  mutation AuditStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditStartDocument,
    "\n  mutation AuditRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditRestartDocument,
    "\n  mutation AuditDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditDeprovisionDocument,
    "\n  mutation AuditCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on CancelOperationPayload { operation { id status } } ... on Error { message } }\n  }\n": typeof types.AuditCancelDocument,
    "\n  query AuditOperationStatus($id: ID!) { operation(id: $id) { status } }\n": typeof types.AuditOperationStatusDocument,
    "\n  mutation AuditCreateToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload { token apiToken { id } }\n      ... on Error { message }\n    }\n  }\n": typeof types.AuditCreateTokenDocument,
    "\n  mutation AuditRevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.AuditRevokeTokenDocument,
    "\n  mutation AuditCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on CreateTenantPayload { tenant { id name } } ... on Error { message } }\n  }\n": typeof types.AuditCreateTenantDocument,
    "\n  mutation HardeningStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { operation { id status } }\n      ... on RateLimitedError { message retryAfterSeconds }\n      ... on Error { message }\n    }\n  }\n": typeof types.HardeningStopDocument,
    "\n  query HardeningOperations($id: ID!) {\n    instance(id: $id) { operations(first: 100) { edges { node { id kind } } } }\n  }\n": typeof types.HardeningOperationsDocument,
    "\n  query HardeningWhoAmI { viewer { scopes tenant { name } } }\n": typeof types.HardeningWhoAmIDocument,
    "\n  mutation LeakPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on PutSecretPayload { secret { key version } } ... on Error { message } }\n  }\n": typeof types.LeakPutSecretDocument,
    "\n  mutation LeakProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id state ready message services { name env { name value } secrets { key envName } configFiles { name path } } }\n        operation { id status readinessOutcome error { code message } steps { name status message } }\n      }\n      ... on Error { message }\n    }\n  }\n": typeof types.LeakProvisionDocument,
    "\n  mutation LeakDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status readinessOutcome error { code message } steps { message } } }\n      ... on Error { message }\n    }\n  }\n": typeof types.LeakDeployDocument,
    "\n  mutation LeakExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) { __typename ... on ExecInstancePayload { exitCode stdout stderr } ... on Error { message } }\n  }\n": typeof types.LeakExecDocument,
    "\n  mutation LeakDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": typeof types.LeakDeprovisionDocument,
    "\n  query LeakEverything($id: ID!) {\n    instance(id: $id) {\n      id name state ready message providerRef labels { key value }\n      services {\n        name image env { name value } secrets { key envName } configFiles { name path format }\n        command args status { state ready message providerRef }\n      }\n      currentRelease { version snapshots { name image env { name value } command args } }\n      releases(first: 20) { edges { node { version snapshots { name image env { name value } command args } } } }\n      operations(first: 20) { edges { node { kind status error { code message } steps { name status message } } } }\n      events(first: 100) { edges { node { type message data fromState toState } } }\n    }\n    events(first: 100) { edges { node { type message data } } }\n    services(first: 100) { edges { node { name env { name value } secrets { key } configFiles { path } } } }\n    secrets(first: 100) { edges { node { key version } } }\n  }\n": typeof types.LeakEverythingDocument,
    "\n  subscription StreamOperationUpdates($operationId: ID!) {\n    operationUpdates(operationId: $operationId) {\n      id\n      kind\n      status\n      readinessOutcome\n      error { code message }\n      steps { name status }\n      instance { id state ready }\n    }\n  }\n": typeof types.StreamOperationUpdatesDocument,
    "\n  query StreamInstanceEventIds($id: ID!) {\n    instance(id: $id) {\n      events(first: 100) { edges { node { id cursor type } } }\n    }\n  }\n": typeof types.StreamInstanceEventIdsDocument,
    "\n  mutation EdgeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id routes { url } } operation { id status error { message } } }\n    }\n  }\n": typeof types.EdgeProvisionDocument,
    "\n  mutation EdgeDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on DeployInstancePayload { operation { id status error { message } } }\n    }\n  }\n": typeof types.EdgeDeployDocument,
    "\n  mutation EdgeDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } }\n  }\n": typeof types.EdgeDeprovisionDocument,
    "\n  mutation EdgeAddRoute($input: AddRouteInput!) {\n    addRoute(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on AddRoutePayload { route { id url host status custom tls { source issuer notAfter } } }\n    }\n  }\n": typeof types.EdgeAddRouteDocument,
    "\n  mutation EdgeRemoveRoute($input: RemoveRouteInput!) {\n    removeRoute(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.EdgeRemoveRouteDocument,
    "\n  query EdgeInstanceRoutes($id: ID!) {\n    instance(id: $id) { routes { id url host status message } }\n  }\n": typeof types.EdgeInstanceRoutesDocument,
    "\n  query EdgeCurrentRelease($id: ID!) {\n    instance(id: $id) { currentRelease { id } }\n  }\n": typeof types.EdgeCurrentReleaseDocument,
    "\n  mutation EdgePromote($input: PromoteOperationInput!) {\n    promoteOperation(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on PromoteOperationPayload { operation { id } }\n    }\n  }\n": typeof types.EdgePromoteDocument,
    "\n  mutation EdgeCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n": typeof types.EdgeCancelDocument,
    "\n  query EdgeRollout($id: ID!) {\n    node(id: $id) {\n      __typename\n      ... on Operation {\n        id\n        status\n        attempts\n        error { code message }\n        rollout {\n          strategy phase stepIndex canaryWeight abortReason previewUrl\n          steps { weight pauseSeconds startedAt finishedAt }\n          analysis { at requests errorRate p99Ms passed message }\n          stableRelease { id }\n          newRelease { id }\n        }\n      }\n    }\n  }\n": typeof types.EdgeRolloutDocument,
    "\n  query EdgeProviders {\n    providers { key capabilities edge { kind healthy httpAddress httpsAddress caCertificate } }\n  }\n": typeof types.EdgeProvidersDocument,
    "\n  mutation AutoscaleWindowsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } }\n      ... on Error { message }\n    }\n  }\n": typeof types.AutoscaleWindowsProvisionDocument,
    "\n  mutation AutoscaleWindowsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": typeof types.AutoscaleWindowsDeprovisionDocument,
    "\n  query AutoscaleWindowsWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        resources { replicas autoscale { minReplicas maxReplicas scaleDownStabilizationSeconds } }\n        autoscale { desiredReplicas }\n      }\n      operations(first: 50) { edges { node { id kind status } } }\n      events(first: 100) { edges { node { type data operation { id } } } }\n    }\n  }\n": typeof types.AutoscaleWindowsWatchDocument,
    "\n  mutation AutoscaleProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.AutoscaleProvisionDocument,
    "\n  mutation AutoscaleScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": typeof types.AutoscaleScaleDocument,
    "\n  mutation AutoscaleDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": typeof types.AutoscaleDeprovisionDocument,
    "\n  query AutoscaleWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        name\n        resources { replicas autoscale { minReplicas maxReplicas targetCpuPercent scaleUpStabilizationSeconds scaleDownStabilizationSeconds } }\n        autoscale { currentReplicas desiredReplicas cpuPercent lastScaleAt message }\n      }\n      operations(first: 20) { edges { node { id kind status createdAt startedAt finishedAt } } }\n      events(first: 100) { edges { node { type message occurredAt data operation { id kind } } } }\n    }\n  }\n": typeof types.AutoscaleWatchDocument,
    "\n  mutation WakeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.WakeProvisionDocument,
    "\n  query WakeOperation($id: ID!) {\n    operation(id: $id) { status }\n  }\n": typeof types.WakeOperationDocument,
    "\n  mutation EventsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.EventsProvisionDocument,
    "\n  mutation EventsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": typeof types.EventsDeprovisionDocument,
    "\n  query EventsWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 100) { edges { node { type fromState toState ready message } } }\n    }\n  }\n": typeof types.EventsWatchDocument,
    "\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.SupervisorProvisionDocument,
    "\n  mutation SupervisorDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": typeof types.SupervisorDeprovisionDocument,
    "\n  mutation SupervisorScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { state desiredState } operation { status } }\n      ... on Error { message }\n    }\n  }\n": typeof types.SupervisorScaleDocument,
    "\n  query SupervisorWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 50) { edges { node { type fromState toState ready message } } }\n    }\n  }\n": typeof types.SupervisorWatchDocument,
};
const documents: Documents = {
    "\n  mutation BuildsBuildService($input: BuildServiceInput!) {\n    buildService(input: $input) {\n      __typename\n      ... on BuildServicePayload {\n        build { id status service source { kind archiveSha256 commit url ref } }\n        operation { id kind status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n": types.BuildsBuildServiceDocument,
    "\n  query BuildsBuild($id: ID!) {\n    node(id: $id) {\n      ... on Build {\n        id status service image imageDigest steps cachedSteps error startedAt finishedAt\n        source { kind commit archiveSha256 }\n        release { id version snapshots { name image } }\n        operation { id kind status error { code message } build { id } }\n        instance { id }\n        logs(first: 1000) { edges { cursor node { cursor step line } } pageInfo { hasNextPage endCursor } }\n      }\n    }\n  }\n": types.BuildsBuildDocument,
    "\n  query BuildsInstance($id: ID!) {\n    instance(id: $id) {\n      id\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      builds(first: 20) { edges { cursor node { id status image } } }\n      operations(first: 20) { edges { node { id kind status error { code message } release { id } } } }\n    }\n  }\n": types.BuildsInstanceDocument,
    "\n  subscription BuildsLogs($buildId: ID!, $after: String) {\n    buildLogs(buildId: $buildId, after: $after) { cursor step line at }\n  }\n": types.BuildsLogsDocument,
    "\n  mutation BuildsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.BuildsProvisionDocument,
    "\n  mutation BuildsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.BuildsDeployDocument,
    "\n  mutation BuildsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n": types.BuildsCancelDocument,
    "\n  mutation BuildsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status } }\n      ... on Error { message }\n    }\n  }\n": types.BuildsDeprovisionDocument,
    "\n  mutation BuildsPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename }\n  }\n": types.BuildsPutSecretDocument,
    "\n  mutation VolumesProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { status } }\n      ... on Error { message }\n    }\n  }\n": types.VolumesProvisionDocument,
    "\n  mutation VolumesDeprovision($input: InstanceActionInput!, $deleteVolumes: Boolean) {\n    deprovisionInstance(input: $input, deleteVolumes: $deleteVolumes) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status steps { name message } } }\n      ... on Error { message }\n    }\n  }\n": types.VolumesDeprovisionDocument,
    "\n  mutation SourceProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id sourceType }\n        operation { status error { code message } steps { name message } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.SourceProvisionDocument,
    "\n  mutation SourceDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status error { code message } steps { name message } } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.SourceDeployDocument,
    "\n  mutation SourceRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n": types.SourceRollbackDocument,
    "\n  mutation SourceDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n": types.SourceDeprovisionDocument,
    "\n  query SourceInstance($id: ID!) {\n    node(id: $id) {\n      ... on Instance {\n        state\n        ready\n        message\n        sourceType\n        objects { apiVersion kind namespace name ready message }\n        releases(first: 10) { edges { node { id version sourceType manifests } } }\n      }\n    }\n  }\n": types.SourceInstanceDocument,
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
    "\n  mutation ConsoleTestProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } }\n      ... on Error { message }\n    }\n  }\n": types.ConsoleTestProvisionDocument,
    "\n  mutation ConsoleTestDestroy($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n": types.ConsoleTestDestroyDocument,
    "\n  query ConsoleTestInstances { instances(first: 5) { edges { node { id } } } }\n": types.ConsoleTestInstancesDocument,
    "\n  query ConsoleTestInstance($id: ID!) {\n    instance(id: $id) { state ready currentRelease { version } releases(first: 10) { edges { node { version } } } }\n  }\n": types.ConsoleTestInstanceDocument,
    "\n  mutation CtlBadProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id } }\n        operation { id status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.CtlBadProvisionDocument,
    "\n  mutation CtlBadDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.CtlBadDeployDocument,
    "\n  mutation CtlBadScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.CtlBadScaleDocument,
    "\n  mutation CtlBadRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.CtlBadRollbackDocument,
    "\n  mutation CtlBadExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.CtlBadExecDocument,
    "\n  mutation CtlCrashProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } endpoints { serviceName url } }\n        operation { status readinessOutcome error { code message } }\n      }\n      ... on Error { message }\n    }\n  }\n": types.CtlCrashProvisionDocument,
    "\n  mutation CtlCrashDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n": types.CtlCrashDeployDocument,
    "\n  mutation CtlCrashDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": types.CtlCrashDeprovisionDocument,
    "\n  query CtlCrashOperation($id: ID!) {\n    operation(id: $id) {\n      status readinessOutcome attempts\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n": types.CtlCrashOperationDocument,
    "\n  query CtlCrashInstance($id: ID!) {\n    instance(id: $id) {\n      state ready\n      endpoints { serviceName url }\n      currentRelease { version }\n      releases(first: 10) { edges { node { version isCurrent } } }\n    }\n  }\n": types.CtlCrashInstanceDocument,
    "\n  mutation CtlFuzzProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { id status } }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.CtlFuzzProvisionDocument,
    "\n  mutation CtlFuzzDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": types.CtlFuzzDeployDocument,
    "\n  mutation CtlFuzzScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": types.CtlFuzzScaleDocument,
    "\n  mutation CtlFuzzRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": types.CtlFuzzRollbackDocument,
    "\n  mutation CtlFuzzStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on Error { message } }\n  }\n": types.CtlFuzzStartDocument,
    "\n  mutation CtlFuzzStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on Error { message } }\n  }\n": types.CtlFuzzStopDocument,
    "\n  mutation CtlFuzzRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on Error { message } }\n  }\n": types.CtlFuzzRestartDocument,
    "\n  mutation CtlFuzzDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n": types.CtlFuzzDeprovisionDocument,
    "\n  mutation CtlFuzzExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode }\n      ... on ValidationError { fieldErrors { path } }\n      ... on Error { message }\n    }\n  }\n": types.CtlFuzzExecDocument,
    "\n  mutation CtlFuzzCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n": types.CtlFuzzCancelDocument,
    "\n  mutation CtlFuzzPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": types.CtlFuzzPutSecretDocument,
    "\n  mutation CtlFuzzDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n": types.CtlFuzzDeleteSecretDocument,
    "\n  mutation CtlFuzzCreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": types.CtlFuzzCreateApiTokenDocument,
    "\n  mutation CtlFuzzRevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n": types.CtlFuzzRevokeApiTokenDocument,
    "\n  mutation CtlFuzzCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n": types.CtlFuzzCreateTenantDocument,
    "\n  query CtlFuzzViewer { viewer { scopes tenant { id name } } }\n": types.CtlFuzzViewerDocument,
    "\n  mutation CtlIdemProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id version } operation { id status idempotencyKey } }\n      ... on Error { message }\n    }\n  }\n": types.CtlIdemProvisionDocument,
    "\n  mutation CtlIdemDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { instance { id version } operation { id status release { version } } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n": types.CtlIdemDeployDocument,
    "\n  mutation CtlIdemStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { version } operation { id status } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n": types.CtlIdemStopDocument,
    "\n  mutation CtlIdemScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n": types.CtlIdemScaleDocument,
    "\n  query CtlIdemVersion($id: ID!) {\n    instance(id: $id) { version operations(first: 50) { edges { node { id kind } } } }\n  }\n": types.CtlIdemVersionDocument,
    "\n  query CtlNPlusOnePage($first: Int!) {\n    instances(first: $first) {\n      edges {\n        node {\n          services { name image status { state } }\n          currentRelease { version }\n          provider { key }\n          lastOperation { kind status }\n        }\n      }\n    }\n  }\n": types.CtlNPlusOnePageDocument,
    "\n  mutation CtlOpsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } }\n        operation { id status }\n      }\n      ... on Error { message }\n    }\n  }\n": types.CtlOpsProvisionDocument,
    "\n  mutation CtlOpsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n": types.CtlOpsDeployDocument,
    "\n  mutation CtlOpsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status readinessOutcome error { code } finishedAt } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": types.CtlOpsCancelDocument,
    "\n  query CtlOpsOperation($id: ID!) {\n    operation(id: $id) {\n      id kind status readinessOutcome attempts startedAt finishedAt\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n": types.CtlOpsOperationDocument,
    "\n  query CtlOpsInstance($id: ID!) {\n    instance(id: $id) {\n      state\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      releases(first: 50) { edges { node { version isCurrent } } }\n      operations(first: 50) {\n        edges { node { id kind status startedAt finishedAt attempts release { id version } } }\n      }\n    }\n  }\n": types.CtlOpsInstanceDocument,
    "\n  mutation CtlStateProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { status } }\n      ... on Error { message }\n    }\n  }\n": types.CtlStateProvisionDocument,
    "\n  mutation CtlStateDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": types.CtlStateDeployDocument,
    "\n  mutation CtlStateScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": types.CtlStateScaleDocument,
    "\n  mutation CtlStateRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": types.CtlStateRollbackDocument,
    "\n  mutation CtlStateStart($input: InstanceActionInput!) {\n    startInstance(input: $input) {\n      __typename\n      ... on StartInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": types.CtlStateStartDocument,
    "\n  mutation CtlStateStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": types.CtlStateStopDocument,
    "\n  mutation CtlStateRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n": types.CtlStateRestartDocument,
    "\n  mutation CtlStateDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { instance { state } operation { id status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": types.CtlStateDeprovisionDocument,
    "\n  mutation CtlStateExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n": types.CtlStateExecDocument,
    "\n  query CtlStateOperation($id: ID!) { operation(id: $id) { status } }\n": types.CtlStateOperationDocument,
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
    "\n  query EdgeDomainsRoutesTls {\n    routes(filter: {}) { edges { node { url tls { source issuer notAfter secretKey } } } }\n  }\n": types.EdgeDomainsRoutesTlsDocument,
    "\n  mutation ScaleToZeroProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id } operation { id status error { message } } }\n    }\n  }\n": types.ScaleToZeroProvisionDocument,
    "\n  query ScaleToZeroAutoscale($id: ID!) {\n    instance(id: $id) {\n      services { resources { replicas } autoscale { currentReplicas desiredReplicas message } }\n    }\n  }\n": types.ScaleToZeroAutoscaleDocument,
    "\n  mutation DockerdFaultProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { id status } }\n      ... on Error { message }\n    }\n  }\n": types.DockerdFaultProvisionDocument,
    "\n  mutation DockerdFaultDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": types.DockerdFaultDeprovisionDocument,
    "\n  query DockerdFaultWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      message\n      operations(first: 10) { edges { node { kind status error { code message } } } }\n    }\n    providers { key health { healthy message } }\n  }\n": types.DockerdFaultWatchDocument,
    "\n  mutation GpuProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n": types.GpuProvisionDocument,
    "\n  mutation AuditPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on Error { message } }\n  }\n": types.AuditPutSecretDocument,
    "\n  mutation AuditDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n": types.AuditDeleteSecretDocument,
    "\n  mutation AuditProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status release { id } } }\n      ... on Error { message }\n    }\n  }\n": types.AuditProvisionDocument,
    "\n  mutation AuditDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on DeployInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditDeployDocument,
    "\n  mutation AuditScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ScaleInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditScaleDocument,
    "\n  mutation AuditRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on RollbackInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditRollbackDocument,
    "\n  mutation AuditStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditStopDocument,
    "\n  mutation AuditStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditStartDocument,
    "\n  mutation AuditRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditRestartDocument,
    "\n  mutation AuditDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditDeprovisionDocument,
    "\n  mutation AuditCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on CancelOperationPayload { operation { id status } } ... on Error { message } }\n  }\n": types.AuditCancelDocument,
    "\n  query AuditOperationStatus($id: ID!) { operation(id: $id) { status } }\n": types.AuditOperationStatusDocument,
    "\n  mutation AuditCreateToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload { token apiToken { id } }\n      ... on Error { message }\n    }\n  }\n": types.AuditCreateTokenDocument,
    "\n  mutation AuditRevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n": types.AuditRevokeTokenDocument,
    "\n  mutation AuditCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on CreateTenantPayload { tenant { id name } } ... on Error { message } }\n  }\n": types.AuditCreateTenantDocument,
    "\n  mutation HardeningStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { operation { id status } }\n      ... on RateLimitedError { message retryAfterSeconds }\n      ... on Error { message }\n    }\n  }\n": types.HardeningStopDocument,
    "\n  query HardeningOperations($id: ID!) {\n    instance(id: $id) { operations(first: 100) { edges { node { id kind } } } }\n  }\n": types.HardeningOperationsDocument,
    "\n  query HardeningWhoAmI { viewer { scopes tenant { name } } }\n": types.HardeningWhoAmIDocument,
    "\n  mutation LeakPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on PutSecretPayload { secret { key version } } ... on Error { message } }\n  }\n": types.LeakPutSecretDocument,
    "\n  mutation LeakProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id state ready message services { name env { name value } secrets { key envName } configFiles { name path } } }\n        operation { id status readinessOutcome error { code message } steps { name status message } }\n      }\n      ... on Error { message }\n    }\n  }\n": types.LeakProvisionDocument,
    "\n  mutation LeakDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status readinessOutcome error { code message } steps { message } } }\n      ... on Error { message }\n    }\n  }\n": types.LeakDeployDocument,
    "\n  mutation LeakExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) { __typename ... on ExecInstancePayload { exitCode stdout stderr } ... on Error { message } }\n  }\n": types.LeakExecDocument,
    "\n  mutation LeakDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": types.LeakDeprovisionDocument,
    "\n  query LeakEverything($id: ID!) {\n    instance(id: $id) {\n      id name state ready message providerRef labels { key value }\n      services {\n        name image env { name value } secrets { key envName } configFiles { name path format }\n        command args status { state ready message providerRef }\n      }\n      currentRelease { version snapshots { name image env { name value } command args } }\n      releases(first: 20) { edges { node { version snapshots { name image env { name value } command args } } } }\n      operations(first: 20) { edges { node { kind status error { code message } steps { name status message } } } }\n      events(first: 100) { edges { node { type message data fromState toState } } }\n    }\n    events(first: 100) { edges { node { type message data } } }\n    services(first: 100) { edges { node { name env { name value } secrets { key } configFiles { path } } } }\n    secrets(first: 100) { edges { node { key version } } }\n  }\n": types.LeakEverythingDocument,
    "\n  subscription StreamOperationUpdates($operationId: ID!) {\n    operationUpdates(operationId: $operationId) {\n      id\n      kind\n      status\n      readinessOutcome\n      error { code message }\n      steps { name status }\n      instance { id state ready }\n    }\n  }\n": types.StreamOperationUpdatesDocument,
    "\n  query StreamInstanceEventIds($id: ID!) {\n    instance(id: $id) {\n      events(first: 100) { edges { node { id cursor type } } }\n    }\n  }\n": types.StreamInstanceEventIdsDocument,
    "\n  mutation EdgeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id routes { url } } operation { id status error { message } } }\n    }\n  }\n": types.EdgeProvisionDocument,
    "\n  mutation EdgeDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on DeployInstancePayload { operation { id status error { message } } }\n    }\n  }\n": types.EdgeDeployDocument,
    "\n  mutation EdgeDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } }\n  }\n": types.EdgeDeprovisionDocument,
    "\n  mutation EdgeAddRoute($input: AddRouteInput!) {\n    addRoute(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on AddRoutePayload { route { id url host status custom tls { source issuer notAfter } } }\n    }\n  }\n": types.EdgeAddRouteDocument,
    "\n  mutation EdgeRemoveRoute($input: RemoveRouteInput!) {\n    removeRoute(input: $input) { __typename ... on Error { message } }\n  }\n": types.EdgeRemoveRouteDocument,
    "\n  query EdgeInstanceRoutes($id: ID!) {\n    instance(id: $id) { routes { id url host status message } }\n  }\n": types.EdgeInstanceRoutesDocument,
    "\n  query EdgeCurrentRelease($id: ID!) {\n    instance(id: $id) { currentRelease { id } }\n  }\n": types.EdgeCurrentReleaseDocument,
    "\n  mutation EdgePromote($input: PromoteOperationInput!) {\n    promoteOperation(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on PromoteOperationPayload { operation { id } }\n    }\n  }\n": types.EdgePromoteDocument,
    "\n  mutation EdgeCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n": types.EdgeCancelDocument,
    "\n  query EdgeRollout($id: ID!) {\n    node(id: $id) {\n      __typename\n      ... on Operation {\n        id\n        status\n        attempts\n        error { code message }\n        rollout {\n          strategy phase stepIndex canaryWeight abortReason previewUrl\n          steps { weight pauseSeconds startedAt finishedAt }\n          analysis { at requests errorRate p99Ms passed message }\n          stableRelease { id }\n          newRelease { id }\n        }\n      }\n    }\n  }\n": types.EdgeRolloutDocument,
    "\n  query EdgeProviders {\n    providers { key capabilities edge { kind healthy httpAddress httpsAddress caCertificate } }\n  }\n": types.EdgeProvidersDocument,
    "\n  mutation AutoscaleWindowsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } }\n      ... on Error { message }\n    }\n  }\n": types.AutoscaleWindowsProvisionDocument,
    "\n  mutation AutoscaleWindowsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": types.AutoscaleWindowsDeprovisionDocument,
    "\n  query AutoscaleWindowsWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        resources { replicas autoscale { minReplicas maxReplicas scaleDownStabilizationSeconds } }\n        autoscale { desiredReplicas }\n      }\n      operations(first: 50) { edges { node { id kind status } } }\n      events(first: 100) { edges { node { type data operation { id } } } }\n    }\n  }\n": types.AutoscaleWindowsWatchDocument,
    "\n  mutation AutoscaleProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.AutoscaleProvisionDocument,
    "\n  mutation AutoscaleScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n": types.AutoscaleScaleDocument,
    "\n  mutation AutoscaleDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": types.AutoscaleDeprovisionDocument,
    "\n  query AutoscaleWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        name\n        resources { replicas autoscale { minReplicas maxReplicas targetCpuPercent scaleUpStabilizationSeconds scaleDownStabilizationSeconds } }\n        autoscale { currentReplicas desiredReplicas cpuPercent lastScaleAt message }\n      }\n      operations(first: 20) { edges { node { id kind status createdAt startedAt finishedAt } } }\n      events(first: 100) { edges { node { type message occurredAt data operation { id kind } } } }\n    }\n  }\n": types.AutoscaleWatchDocument,
    "\n  mutation WakeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n": types.WakeProvisionDocument,
    "\n  query WakeOperation($id: ID!) {\n    operation(id: $id) { status }\n  }\n": types.WakeOperationDocument,
    "\n  mutation EventsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n": types.EventsProvisionDocument,
    "\n  mutation EventsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": types.EventsDeprovisionDocument,
    "\n  query EventsWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 100) { edges { node { type fromState toState ready message } } }\n    }\n  }\n": types.EventsWatchDocument,
    "\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n": types.SupervisorProvisionDocument,
    "\n  mutation SupervisorDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n": types.SupervisorDeprovisionDocument,
    "\n  mutation SupervisorScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { state desiredState } operation { status } }\n      ... on Error { message }\n    }\n  }\n": types.SupervisorScaleDocument,
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
export function graphql(source: "\n  mutation BuildsBuildService($input: BuildServiceInput!) {\n    buildService(input: $input) {\n      __typename\n      ... on BuildServicePayload {\n        build { id status service source { kind archiveSha256 commit url ref } }\n        operation { id kind status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation BuildsBuildService($input: BuildServiceInput!) {\n    buildService(input: $input) {\n      __typename\n      ... on BuildServicePayload {\n        build { id status service source { kind archiveSha256 commit url ref } }\n        operation { id kind status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BuildsBuild($id: ID!) {\n    node(id: $id) {\n      ... on Build {\n        id status service image imageDigest steps cachedSteps error startedAt finishedAt\n        source { kind commit archiveSha256 }\n        release { id version snapshots { name image } }\n        operation { id kind status error { code message } build { id } }\n        instance { id }\n        logs(first: 1000) { edges { cursor node { cursor step line } } pageInfo { hasNextPage endCursor } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query BuildsBuild($id: ID!) {\n    node(id: $id) {\n      ... on Build {\n        id status service image imageDigest steps cachedSteps error startedAt finishedAt\n        source { kind commit archiveSha256 }\n        release { id version snapshots { name image } }\n        operation { id kind status error { code message } build { id } }\n        instance { id }\n        logs(first: 1000) { edges { cursor node { cursor step line } } pageInfo { hasNextPage endCursor } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BuildsInstance($id: ID!) {\n    instance(id: $id) {\n      id\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      builds(first: 20) { edges { cursor node { id status image } } }\n      operations(first: 20) { edges { node { id kind status error { code message } release { id } } } }\n    }\n  }\n"): (typeof documents)["\n  query BuildsInstance($id: ID!) {\n    instance(id: $id) {\n      id\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      builds(first: 20) { edges { cursor node { id status image } } }\n      operations(first: 20) { edges { node { id kind status error { code message } release { id } } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BuildsLogs($buildId: ID!, $after: String) {\n    buildLogs(buildId: $buildId, after: $after) { cursor step line at }\n  }\n"): (typeof documents)["\n  subscription BuildsLogs($buildId: ID!, $after: String) {\n    buildLogs(buildId: $buildId, after: $after) { cursor step line at }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuildsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation BuildsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuildsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation BuildsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuildsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation BuildsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuildsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation BuildsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuildsPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename }\n  }\n"): (typeof documents)["\n  mutation BuildsPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VolumesProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation VolumesProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VolumesDeprovision($input: InstanceActionInput!, $deleteVolumes: Boolean) {\n    deprovisionInstance(input: $input, deleteVolumes: $deleteVolumes) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status steps { name message } } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation VolumesDeprovision($input: InstanceActionInput!, $deleteVolumes: Boolean) {\n    deprovisionInstance(input: $input, deleteVolumes: $deleteVolumes) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status steps { name message } } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SourceProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id sourceType }\n        operation { status error { code message } steps { name message } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation SourceProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id sourceType }\n        operation { status error { code message } steps { name message } }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SourceDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status error { code message } steps { name message } } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation SourceDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status error { code message } steps { name message } } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SourceRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation SourceRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on RollbackInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SourceDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation SourceDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { operation { status error { code message } } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SourceInstance($id: ID!) {\n    node(id: $id) {\n      ... on Instance {\n        state\n        ready\n        message\n        sourceType\n        objects { apiVersion kind namespace name ready message }\n        releases(first: 10) { edges { node { id version sourceType manifests } } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SourceInstance($id: ID!) {\n    node(id: $id) {\n      ... on Instance {\n        state\n        ready\n        message\n        sourceType\n        objects { apiVersion kind namespace name ready message }\n        releases(first: 10) { edges { node { id version sourceType manifests } } }\n      }\n    }\n  }\n"];
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
export function graphql(source: "\n  mutation ConsoleTestProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation ConsoleTestProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleTestDestroy($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation ConsoleTestDestroy($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleTestInstances { instances(first: 5) { edges { node { id } } } }\n"): (typeof documents)["\n  query ConsoleTestInstances { instances(first: 5) { edges { node { id } } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleTestInstance($id: ID!) {\n    instance(id: $id) { state ready currentRelease { version } releases(first: 10) { edges { node { version } } } }\n  }\n"): (typeof documents)["\n  query ConsoleTestInstance($id: ID!) {\n    instance(id: $id) { state ready currentRelease { version } releases(first: 10) { edges { node { version } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlBadProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id } }\n        operation { id status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlBadProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id } }\n        operation { id status }\n      }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlBadDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlBadDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlBadScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlBadScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlBadRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlBadRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlBadExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlBadExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlCrashProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } endpoints { serviceName url } }\n        operation { status readinessOutcome error { code message } }\n      }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlCrashProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } endpoints { serviceName url } }\n        operation { status readinessOutcome error { code message } }\n      }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlCrashDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlCrashDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlCrashDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlCrashDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlCrashOperation($id: ID!) {\n    operation(id: $id) {\n      status readinessOutcome attempts\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n"): (typeof documents)["\n  query CtlCrashOperation($id: ID!) {\n    operation(id: $id) {\n      status readinessOutcome attempts\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlCrashInstance($id: ID!) {\n    instance(id: $id) {\n      state ready\n      endpoints { serviceName url }\n      currentRelease { version }\n      releases(first: 10) { edges { node { version isCurrent } } }\n    }\n  }\n"): (typeof documents)["\n  query CtlCrashInstance($id: ID!) {\n    instance(id: $id) {\n      state ready\n      endpoints { serviceName url }\n      currentRelease { version }\n      releases(first: 10) { edges { node { version isCurrent } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { id status } }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { id status } }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode }\n      ... on ValidationError { fieldErrors { path } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode }\n      ... on ValidationError { fieldErrors { path } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzCreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzCreateApiToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzRevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzRevokeApiToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlFuzzCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlFuzzCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlFuzzViewer { viewer { scopes tenant { id name } } }\n"): (typeof documents)["\n  query CtlFuzzViewer { viewer { scopes tenant { id name } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlIdemProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id version } operation { id status idempotencyKey } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlIdemProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id version } operation { id status idempotencyKey } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlIdemDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { instance { id version } operation { id status release { version } } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlIdemDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { instance { id version } operation { id status release { version } } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlIdemStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { version } operation { id status } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlIdemStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { version } operation { id status } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlIdemScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlIdemScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id } }\n      ... on ConflictError { message currentVersion }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlIdemVersion($id: ID!) {\n    instance(id: $id) { version operations(first: 50) { edges { node { id kind } } } }\n  }\n"): (typeof documents)["\n  query CtlIdemVersion($id: ID!) {\n    instance(id: $id) { version operations(first: 50) { edges { node { id kind } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlNPlusOnePage($first: Int!) {\n    instances(first: $first) {\n      edges {\n        node {\n          services { name image status { state } }\n          currentRelease { version }\n          provider { key }\n          lastOperation { kind status }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CtlNPlusOnePage($first: Int!) {\n    instances(first: $first) {\n      edges {\n        node {\n          services { name image status { state } }\n          currentRelease { version }\n          provider { key }\n          lastOperation { kind status }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlOpsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } }\n        operation { id status }\n      }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlOpsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id currentRelease { id version } }\n        operation { id status }\n      }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlOpsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlOpsDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload {\n        instance { currentRelease { id version } services { name image } }\n        operation { id status readinessOutcome error { code message } release { id version isCurrent } }\n      }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlOpsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status readinessOutcome error { code } finishedAt } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlOpsCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) {\n      __typename\n      ... on CancelOperationPayload { operation { id status readinessOutcome error { code } finishedAt } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlOpsOperation($id: ID!) {\n    operation(id: $id) {\n      id kind status readinessOutcome attempts startedAt finishedAt\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n"): (typeof documents)["\n  query CtlOpsOperation($id: ID!) {\n    operation(id: $id) {\n      id kind status readinessOutcome attempts startedAt finishedAt\n      error { code message }\n      steps { name status }\n      release { id version isCurrent }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlOpsInstance($id: ID!) {\n    instance(id: $id) {\n      state\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      releases(first: 50) { edges { node { version isCurrent } } }\n      operations(first: 50) {\n        edges { node { id kind status startedAt finishedAt attempts release { id version } } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CtlOpsInstance($id: ID!) {\n    instance(id: $id) {\n      state\n      currentRelease { id version snapshots { name image } }\n      services { name image }\n      releases(first: 50) { edges { node { version isCurrent } } }\n      operations(first: 50) {\n        edges { node { id kind status startedAt finishedAt attempts release { id version } } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlStateProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlStateDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlStateScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlStateRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateStart($input: InstanceActionInput!) {\n    startInstance(input: $input) {\n      __typename\n      ... on StartInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlStateStart($input: InstanceActionInput!) {\n    startInstance(input: $input) {\n      __typename\n      ... on StartInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlStateStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { instance { state } operation { status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation CtlStateRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on InvalidStateError { message state } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { instance { state } operation { id status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlStateDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) {\n      __typename\n      ... on DeprovisionInstancePayload { instance { state } operation { id status } }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CtlStateExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation CtlStateExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) {\n      __typename\n      ... on ExecInstancePayload { exitCode stdout }\n      ... on InvalidStateError { message state }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CtlStateOperation($id: ID!) { operation(id: $id) { status } }\n"): (typeof documents)["\n  query CtlStateOperation($id: ID!) { operation(id: $id) { status } }\n"];
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
export function graphql(source: "\n  query EdgeDomainsRoutesTls {\n    routes(filter: {}) { edges { node { url tls { source issuer notAfter secretKey } } } }\n  }\n"): (typeof documents)["\n  query EdgeDomainsRoutesTls {\n    routes(filter: {}) { edges { node { url tls { source issuer notAfter secretKey } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ScaleToZeroProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id } operation { id status error { message } } }\n    }\n  }\n"): (typeof documents)["\n  mutation ScaleToZeroProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id } operation { id status error { message } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScaleToZeroAutoscale($id: ID!) {\n    instance(id: $id) {\n      services { resources { replicas } autoscale { currentReplicas desiredReplicas message } }\n    }\n  }\n"): (typeof documents)["\n  query ScaleToZeroAutoscale($id: ID!) {\n    instance(id: $id) {\n      services { resources { replicas } autoscale { currentReplicas desiredReplicas message } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DockerdFaultProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { id status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation DockerdFaultProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { id status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DockerdFaultDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation DockerdFaultDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DockerdFaultWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      message\n      operations(first: 10) { edges { node { kind status error { code message } } } }\n    }\n    providers { key health { healthy message } }\n  }\n"): (typeof documents)["\n  query DockerdFaultWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      message\n      operations(first: 10) { edges { node { kind status error { code message } } } }\n    }\n    providers { key health { healthy message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GpuProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation GpuProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on CapabilityNotSupportedError { message capability }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditDeleteSecret($input: DeleteSecretInput!) {\n    deleteSecret(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status release { id } } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation AuditProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id } operation { id status release { id } } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on DeployInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) { __typename ... on DeployInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ScaleInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) { __typename ... on ScaleInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on RollbackInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditRollback($input: RollbackInstanceInput!) {\n    rollbackInstance(input: $input) { __typename ... on RollbackInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) { __typename ... on StopInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditStart($input: InstanceActionInput!) {\n    startInstance(input: $input) { __typename ... on StartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditRestart($input: InstanceActionInput!) {\n    restartInstance(input: $input) { __typename ... on RestartInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on CancelOperationPayload { operation { id status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on CancelOperationPayload { operation { id status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditOperationStatus($id: ID!) { operation(id: $id) { status } }\n"): (typeof documents)["\n  query AuditOperationStatus($id: ID!) { operation(id: $id) { status } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditCreateToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload { token apiToken { id } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation AuditCreateToken($input: CreateApiTokenInput!) {\n    createApiToken(input: $input) {\n      __typename\n      ... on CreateApiTokenPayload { token apiToken { id } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditRevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditRevokeToken($input: RevokeApiTokenInput!) {\n    revokeApiToken(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AuditCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on CreateTenantPayload { tenant { id name } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AuditCreateTenant($input: CreateTenantInput!) {\n    createTenant(input: $input) { __typename ... on CreateTenantPayload { tenant { id name } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation HardeningStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { operation { id status } }\n      ... on RateLimitedError { message retryAfterSeconds }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation HardeningStop($input: InstanceActionInput!) {\n    stopInstance(input: $input) {\n      __typename\n      ... on StopInstancePayload { operation { id status } }\n      ... on RateLimitedError { message retryAfterSeconds }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HardeningOperations($id: ID!) {\n    instance(id: $id) { operations(first: 100) { edges { node { id kind } } } }\n  }\n"): (typeof documents)["\n  query HardeningOperations($id: ID!) {\n    instance(id: $id) { operations(first: 100) { edges { node { id kind } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HardeningWhoAmI { viewer { scopes tenant { name } } }\n"): (typeof documents)["\n  query HardeningWhoAmI { viewer { scopes tenant { name } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeakPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on PutSecretPayload { secret { key version } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation LeakPutSecret($input: PutSecretInput!) {\n    putSecret(input: $input) { __typename ... on PutSecretPayload { secret { key version } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeakProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id state ready message services { name env { name value } secrets { key envName } configFiles { name path } } }\n        operation { id status readinessOutcome error { code message } steps { name status message } }\n      }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation LeakProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload {\n        instance { id state ready message services { name env { name value } secrets { key envName } configFiles { name path } } }\n        operation { id status readinessOutcome error { code message } steps { name status message } }\n      }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeakDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status readinessOutcome error { code message } steps { message } } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation LeakDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on DeployInstancePayload { operation { status readinessOutcome error { code message } steps { message } } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeakExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) { __typename ... on ExecInstancePayload { exitCode stdout stderr } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation LeakExec($input: ExecInstanceInput!) {\n    execInstance(input: $input) { __typename ... on ExecInstancePayload { exitCode stdout stderr } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeakDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation LeakDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LeakEverything($id: ID!) {\n    instance(id: $id) {\n      id name state ready message providerRef labels { key value }\n      services {\n        name image env { name value } secrets { key envName } configFiles { name path format }\n        command args status { state ready message providerRef }\n      }\n      currentRelease { version snapshots { name image env { name value } command args } }\n      releases(first: 20) { edges { node { version snapshots { name image env { name value } command args } } } }\n      operations(first: 20) { edges { node { kind status error { code message } steps { name status message } } } }\n      events(first: 100) { edges { node { type message data fromState toState } } }\n    }\n    events(first: 100) { edges { node { type message data } } }\n    services(first: 100) { edges { node { name env { name value } secrets { key } configFiles { path } } } }\n    secrets(first: 100) { edges { node { key version } } }\n  }\n"): (typeof documents)["\n  query LeakEverything($id: ID!) {\n    instance(id: $id) {\n      id name state ready message providerRef labels { key value }\n      services {\n        name image env { name value } secrets { key envName } configFiles { name path format }\n        command args status { state ready message providerRef }\n      }\n      currentRelease { version snapshots { name image env { name value } command args } }\n      releases(first: 20) { edges { node { version snapshots { name image env { name value } command args } } } }\n      operations(first: 20) { edges { node { kind status error { code message } steps { name status message } } } }\n      events(first: 100) { edges { node { type message data fromState toState } } }\n    }\n    events(first: 100) { edges { node { type message data } } }\n    services(first: 100) { edges { node { name env { name value } secrets { key } configFiles { path } } } }\n    secrets(first: 100) { edges { node { key version } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription StreamOperationUpdates($operationId: ID!) {\n    operationUpdates(operationId: $operationId) {\n      id\n      kind\n      status\n      readinessOutcome\n      error { code message }\n      steps { name status }\n      instance { id state ready }\n    }\n  }\n"): (typeof documents)["\n  subscription StreamOperationUpdates($operationId: ID!) {\n    operationUpdates(operationId: $operationId) {\n      id\n      kind\n      status\n      readinessOutcome\n      error { code message }\n      steps { name status }\n      instance { id state ready }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StreamInstanceEventIds($id: ID!) {\n    instance(id: $id) {\n      events(first: 100) { edges { node { id cursor type } } }\n    }\n  }\n"): (typeof documents)["\n  query StreamInstanceEventIds($id: ID!) {\n    instance(id: $id) {\n      events(first: 100) { edges { node { id cursor type } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EdgeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id routes { url } } operation { id status error { message } } }\n    }\n  }\n"): (typeof documents)["\n  mutation EdgeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ProvisionInstancePayload { instance { id routes { url } } operation { id status error { message } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EdgeDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on DeployInstancePayload { operation { id status error { message } } }\n    }\n  }\n"): (typeof documents)["\n  mutation EdgeDeploy($input: DeployInstanceInput!) {\n    deployInstance(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on DeployInstancePayload { operation { id status error { message } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EdgeDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } }\n  }\n"): (typeof documents)["\n  mutation EdgeDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EdgeAddRoute($input: AddRouteInput!) {\n    addRoute(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on AddRoutePayload { route { id url host status custom tls { source issuer notAfter } } }\n    }\n  }\n"): (typeof documents)["\n  mutation EdgeAddRoute($input: AddRouteInput!) {\n    addRoute(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on ValidationError { fieldErrors { path message } }\n      ... on AddRoutePayload { route { id url host status custom tls { source issuer notAfter } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EdgeRemoveRoute($input: RemoveRouteInput!) {\n    removeRoute(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation EdgeRemoveRoute($input: RemoveRouteInput!) {\n    removeRoute(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EdgeInstanceRoutes($id: ID!) {\n    instance(id: $id) { routes { id url host status message } }\n  }\n"): (typeof documents)["\n  query EdgeInstanceRoutes($id: ID!) {\n    instance(id: $id) { routes { id url host status message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EdgeCurrentRelease($id: ID!) {\n    instance(id: $id) { currentRelease { id } }\n  }\n"): (typeof documents)["\n  query EdgeCurrentRelease($id: ID!) {\n    instance(id: $id) { currentRelease { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EdgePromote($input: PromoteOperationInput!) {\n    promoteOperation(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on PromoteOperationPayload { operation { id } }\n    }\n  }\n"): (typeof documents)["\n  mutation EdgePromote($input: PromoteOperationInput!) {\n    promoteOperation(input: $input) {\n      __typename\n      ... on Error { message }\n      ... on PromoteOperationPayload { operation { id } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EdgeCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation EdgeCancel($input: CancelOperationInput!) {\n    cancelOperation(input: $input) { __typename ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EdgeRollout($id: ID!) {\n    node(id: $id) {\n      __typename\n      ... on Operation {\n        id\n        status\n        attempts\n        error { code message }\n        rollout {\n          strategy phase stepIndex canaryWeight abortReason previewUrl\n          steps { weight pauseSeconds startedAt finishedAt }\n          analysis { at requests errorRate p99Ms passed message }\n          stableRelease { id }\n          newRelease { id }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query EdgeRollout($id: ID!) {\n    node(id: $id) {\n      __typename\n      ... on Operation {\n        id\n        status\n        attempts\n        error { code message }\n        rollout {\n          strategy phase stepIndex canaryWeight abortReason previewUrl\n          steps { weight pauseSeconds startedAt finishedAt }\n          analysis { at requests errorRate p99Ms passed message }\n          stableRelease { id }\n          newRelease { id }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EdgeProviders {\n    providers { key capabilities edge { kind healthy httpAddress httpsAddress caCertificate } }\n  }\n"): (typeof documents)["\n  query EdgeProviders {\n    providers { key capabilities edge { kind healthy httpAddress httpsAddress caCertificate } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AutoscaleWindowsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation AutoscaleWindowsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AutoscaleWindowsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AutoscaleWindowsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AutoscaleWindowsWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        resources { replicas autoscale { minReplicas maxReplicas scaleDownStabilizationSeconds } }\n        autoscale { desiredReplicas }\n      }\n      operations(first: 50) { edges { node { id kind status } } }\n      events(first: 100) { edges { node { type data operation { id } } } }\n    }\n  }\n"): (typeof documents)["\n  query AutoscaleWindowsWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        resources { replicas autoscale { minReplicas maxReplicas scaleDownStabilizationSeconds } }\n        autoscale { desiredReplicas }\n      }\n      operations(first: 50) { edges { node { id kind status } } }\n      events(first: 100) { edges { node { type data operation { id } } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AutoscaleProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation AutoscaleProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AutoscaleScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation AutoscaleScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { operation { id status } }\n      ... on ValidationError { message fieldErrors { path message } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AutoscaleDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation AutoscaleDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AutoscaleWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        name\n        resources { replicas autoscale { minReplicas maxReplicas targetCpuPercent scaleUpStabilizationSeconds scaleDownStabilizationSeconds } }\n        autoscale { currentReplicas desiredReplicas cpuPercent lastScaleAt message }\n      }\n      operations(first: 20) { edges { node { id kind status createdAt startedAt finishedAt } } }\n      events(first: 100) { edges { node { type message occurredAt data operation { id kind } } } }\n    }\n  }\n"): (typeof documents)["\n  query AutoscaleWatch($id: ID!) {\n    instance(id: $id) {\n      services {\n        name\n        resources { replicas autoscale { minReplicas maxReplicas targetCpuPercent scaleUpStabilizationSeconds scaleDownStabilizationSeconds } }\n        autoscale { currentReplicas desiredReplicas cpuPercent lastScaleAt message }\n      }\n      operations(first: 20) { edges { node { id kind status createdAt startedAt finishedAt } } }\n      events(first: 100) { edges { node { type message occurredAt data operation { id kind } } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WakeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation WakeProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { operation { id status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WakeOperation($id: ID!) {\n    operation(id: $id) { status }\n  }\n"): (typeof documents)["\n  query WakeOperation($id: ID!) {\n    operation(id: $id) { status }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EventsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation EventsProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EventsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation EventsDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventsWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 100) { edges { node { type fromState toState ready message } } }\n    }\n  }\n"): (typeof documents)["\n  query EventsWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 100) { edges { node { type fromState toState ready message } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation SupervisorProvision($input: ProvisionInstanceInput!) {\n    provisionInstance(input: $input) {\n      __typename\n      ... on ProvisionInstancePayload { instance { id state ready } operation { status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SupervisorDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"): (typeof documents)["\n  mutation SupervisorDeprovision($input: InstanceActionInput!) {\n    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SupervisorScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { state desiredState } operation { status } }\n      ... on Error { message }\n    }\n  }\n"): (typeof documents)["\n  mutation SupervisorScale($input: ScaleInstanceInput!) {\n    scaleInstance(input: $input) {\n      __typename\n      ... on ScaleInstancePayload { instance { state desiredState } operation { status } }\n      ... on Error { message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupervisorWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 50) { edges { node { type fromState toState ready message } } }\n    }\n  }\n"): (typeof documents)["\n  query SupervisorWatch($id: ID!) {\n    instance(id: $id) {\n      state\n      ready\n      operations(first: 10) { edges { node { kind status } } }\n      events(first: 50) { edges { node { type fromState toState ready message } } }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;