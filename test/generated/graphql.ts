/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An instant, as an RFC 3339 string in UTC (`2026-11-29T18:53:06.000Z`). */
  DateTime: { input: string; output: string; }
  /** Arbitrary JSON: a structured event payload. */
  JSON: { input: unknown; output: unknown; }
};

/** An API token. Its secret is shown once, at creation, and stored only as a hash. */
export type ApiToken = Node & {
  __typename?: 'ApiToken';
  /** When it was issued. */
  createdAt: Scalars['DateTime']['output'];
  /** When it stops working, if ever. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** Last authenticated request (to the minute). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A label for people. */
  name: Scalars['String']['output'];
  /** When it was revoked, if it was. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** What the token may do. */
  scopes: Array<Scope>;
};

/** What a provider can do; the seed string is `CapabilityInfo.id`. */
export type Capability =
  /** The provider supports autoscaling. */
  | 'AUTOSCALE'
  /** The provider supports custom domains. */
  | 'CUSTOM_DOMAINS'
  /** The provider can deploy releases. */
  | 'DEPLOY'
  /** The provider can execute commands in instances. */
  | 'EXEC'
  /** The provider supports GPU workloads. */
  | 'GPU'
  /** The provider can stream logs. */
  | 'LOGS'
  /** The provider can create infrastructure. */
  | 'PROVISION'
  /** The provider can adjust resources. */
  | 'SCALE'
  /** The provider can manage an Argo CD Application source. */
  | 'SOURCE_ARGOCD'
  /** The provider can deploy a Helm chart source. */
  | 'SOURCE_HELM'
  /** The provider can apply raw/kustomize manifests. */
  | 'SOURCE_MANIFESTS'
  /** The provider supports blue-green deployments. */
  | 'STRATEGY_BLUE_GREEN'
  /** The provider supports canary deployments. */
  | 'STRATEGY_CANARY'
  /** The provider supports rolling deployments. */
  | 'STRATEGY_ROLLING'
  /** The provider supports TLS termination. */
  | 'TLS'
  /** The provider supports persistent volumes. */
  | 'VOLUMES';

/** A capability and the providers that have it. */
export type CapabilityInfo = {
  __typename?: 'CapabilityInfo';
  /** The capability. */
  capability: Capability;
  /** What it means. */
  description: Scalars['String']['output'];
  /** The seed's string, e.g. `strategy:blue-green`. */
  id: Scalars['String']['output'];
  /** Providers that declare it. */
  providers: Array<Provider>;
};

/** The instance's provider does not declare the capability this needs. */
export type CapabilityNotSupportedError = Error & {
  __typename?: 'CapabilityNotSupportedError';
  /** The missing capability. */
  capability: Capability;
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The provider's registry key. */
  provider: Scalars['String']['output'];
};

/** Someone changed the object first (stale expectedVersion), or the name is taken. */
export type ConflictError = Error & {
  __typename?: 'ConflictError';
  /** The version the object has now. */
  currentVersion?: Maybe<Scalars['Int']['output']>;
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** A new API token. */
export type CreateApiTokenInput = {
  /** When it stops working. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** A label for people. */
  name: Scalars['String']['input'];
  /** Scopes to grant; you can only grant scopes you hold. */
  scopes: Array<Scope>;
  /** The tenant (global id); your own when omitted. Another tenant needs SYSTEM. */
  tenantId?: InputMaybe<Scalars['ID']['input']>;
};

/** The new token. `token` is its secret: shown now and never again. */
export type CreateApiTokenPayload = {
  __typename?: 'CreateApiTokenPayload';
  /** The token's record. */
  apiToken: ApiToken;
  /** The bearer secret. Store it now; it cannot be shown again. */
  token: Scalars['String']['output'];
};

export type CreateApiTokenResult = CreateApiTokenPayload | ForbiddenError | NotFoundError | ValidationError;

/** A new tenant. */
export type CreateTenantInput = {
  /** DNS-safe, unique. */
  name: Scalars['String']['input'];
};

/** The created tenant. */
export type CreateTenantPayload = {
  __typename?: 'CreateTenantPayload';
  /** The new tenant. */
  tenant: Tenant;
};

export type CreateTenantResult = ConflictError | CreateTenantPayload | ForbiddenError | ValidationError;

/** An expected failure, returned as a member of a mutation result union. */
export type Error = {
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** One problem with one input field. */
export type FieldError = {
  __typename?: 'FieldError';
  /** What is wrong with the value. */
  message: Scalars['String']['output'];
  /** Path from the argument root, e.g. ["input","services","1","ports","0","host"]. */
  path: Array<Scalars['String']['output']>;
};

/** The token lacks a scope this needs. */
export type ForbiddenError = Error & {
  __typename?: 'ForbiddenError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The scope that is missing. */
  requiredScope?: Maybe<Scope>;
};

/** The idempotency key was already used with a different request. */
export type IdempotencyConflictError = Error & {
  __typename?: 'IdempotencyConflictError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** Lifecycle state of an instance or service, as observed. */
export type InstanceState =
  /** Fully removed. */
  | 'DESTROYED'
  /** Being torn down. */
  | 'DESTROYING'
  /** Failed. */
  | 'FAILED'
  /** Being provisioned. */
  | 'PROVISIONING'
  /** Running. */
  | 'RUNNING'
  /** Starting up. */
  | 'STARTING'
  /** Stopped. */
  | 'STOPPED'
  /** Shutting down. */
  | 'STOPPING';

/** The instance's state does not allow this now. */
export type InvalidStateError = Error & {
  __typename?: 'InvalidStateError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The state the instance is in. */
  state: InstanceState;
};

/** Where a provider's region is. */
export type Location = {
  __typename?: 'Location';
  /** City. */
  city?: Maybe<Scalars['String']['output']>;
  /** Country. */
  country?: Maybe<Scalars['String']['output']>;
  /** Degrees north. */
  latitude?: Maybe<Scalars['Float']['output']>;
  /** Degrees east. */
  longitude?: Maybe<Scalars['Float']['output']>;
};

/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type Mutation = {
  __typename?: 'Mutation';
  /** Issues a token for your tenant (ADMIN) or any tenant (SYSTEM). */
  createApiToken: CreateApiTokenResult;
  /** Creates a tenant. Needs SYSTEM. */
  createTenant: CreateTenantResult;
  /** Revokes a token of your tenant at once; its open subscriptions close. */
  revokeApiToken: RevokeApiTokenResult;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCreateApiTokenArgs = {
  input: CreateApiTokenInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCreateTenantArgs = {
  input: CreateTenantInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRevokeApiTokenArgs = {
  input: RevokeApiTokenInput;
};

export type Node = {
  id: Scalars['ID']['output'];
};

/** No such object, or not yours (the two are indistinguishable on purpose). */
export type NotFoundError = Error & {
  __typename?: 'NotFoundError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** A registered provider connection (a Docker Engine, a Kubernetes cluster). */
export type Provider = {
  __typename?: 'Provider';
  /** What it can do. */
  capabilities: Array<Capability>;
  /** Connectivity; null when the provider cannot test itself. */
  health?: Maybe<ProviderHealth>;
  /** Used when a provision names no provider. */
  isDefault: Scalars['Boolean']['output'];
  /** Registry key; instances name their provider by it. */
  key: Scalars['String']['output'];
  /** Where the region is, when known. */
  location?: Maybe<Location>;
  /** Provider type (`docker`, `kubernetes`). */
  name: Scalars['String']['output'];
  /** Region from configuration. */
  region?: Maybe<Scalars['String']['output']>;
  /** Backend version. */
  version?: Maybe<Scalars['String']['output']>;
};

/** The result of the provider's last connectivity test (cached for a few seconds). */
export type ProviderHealth = {
  __typename?: 'ProviderHealth';
  /** When the test ran. */
  checkedAt: Scalars['DateTime']['output'];
  /** Whether the backend answered. */
  healthy: Scalars['Boolean']['output'];
  /** Round trip of the test. */
  latencyMs?: Maybe<Scalars['Float']['output']>;
  /** Why not, when unhealthy. */
  message?: Maybe<Scalars['String']['output']>;
};

/** The provider could not be reached. */
export type ProviderUnavailableError = Error & {
  __typename?: 'ProviderUnavailableError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The provider's registry key. */
  provider: Scalars['String']['output'];
};

/** Reads. Every field needs a token; most need READ. */
export type Query = {
  __typename?: 'Query';
  /** The tenant's API tokens, newest first (never their secrets). */
  apiTokens: QueryApiTokensConnection;
  /** All sixteen capabilities, each with the providers that have it. */
  capabilities: Array<CapabilityInfo>;
  /** Fetches any object by its global id (only your tenant's). */
  node?: Maybe<Node>;
  /** Fetches objects by global ids; unknown or foreign ids are null. */
  nodes: Array<Maybe<Node>>;
  /** A provider by registry key (or by type name when exactly one has it). */
  provider?: Maybe<Provider>;
  /** Every registered provider; an unreachable one stays listed with `health.healthy: false`. */
  providers: Array<Provider>;
  /** The calling token, its scopes and its tenant. */
  viewer: Viewer;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryApiTokensArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs a token; most need READ. */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryProviderArgs = {
  key: Scalars['String']['input'];
};

export type QueryApiTokensConnection = {
  __typename?: 'QueryApiTokensConnection';
  edges: Array<QueryApiTokensConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryApiTokensConnectionEdge = {
  __typename?: 'QueryApiTokensConnectionEdge';
  cursor: Scalars['String']['output'];
  node: ApiToken;
};

/** Too many mutations from this token; try again later. */
export type RateLimitedError = Error & {
  __typename?: 'RateLimitedError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** Seconds until a retry may succeed. */
  retryAfterSeconds: Scalars['Int']['output'];
};

/** A token to revoke. */
export type RevokeApiTokenInput = {
  /** The token's global id. */
  id: Scalars['ID']['input'];
};

/** The revoked token. */
export type RevokeApiTokenPayload = {
  __typename?: 'RevokeApiTokenPayload';
  /** The token, now revoked. */
  apiToken: ApiToken;
};

export type RevokeApiTokenResult = ForbiddenError | NotFoundError | RevokeApiTokenPayload;

/** A permission carried by an API token. */
export type Scope =
  /** Manage the tenant's API tokens. */
  | 'ADMIN'
  /** Lifecycle mutations: provision, deploy, scale, rollback, start, stop, restart, deprovision, cancel. */
  | 'DEPLOY'
  /** Exec into services and stream their logs. */
  | 'EXEC'
  /** Read queries and subscriptions. */
  | 'READ'
  /** Write and delete vault secrets. */
  | 'SECRETS_WRITE'
  /** Manage tenants (operators of the Wheelhouse installation). */
  | 'SYSTEM';

/** The unit of isolation: every instance, token and secret belongs to one tenant. */
export type Tenant = Node & {
  __typename?: 'Tenant';
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** Unique, DNS-safe name. */
  name: Scalars['String']['output'];
};

/** The input breaks a rule; nothing was changed. */
export type ValidationError = Error & {
  __typename?: 'ValidationError';
  /** Each problem, by field path. */
  fieldErrors: Array<FieldError>;
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** Who is asking: the calling token and its tenant. */
export type Viewer = {
  __typename?: 'Viewer';
  /** The calling token's scopes. */
  scopes: Array<Scope>;
  /** The token's tenant. */
  tenant: Tenant;
  /** The calling token. */
  token?: Maybe<ApiToken>;
};

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { __typename?: 'Query', viewer: { __typename?: 'Viewer', scopes: Array<Scope>, tenant: { __typename?: 'Tenant', id: string, name: string }, token?: { __typename?: 'ApiToken', name: string, scopes: Array<Scope> } | null } };


export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tenant"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"token"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}}]}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;