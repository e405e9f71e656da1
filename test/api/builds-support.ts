/**
 * What the build tests share: the documents, a tar of a small context, the
 * multipart request that uploads it, and a poll that looks only at what
 * happens after the action.
 */
import { print } from 'graphql';
import { pack } from 'tar-stream';
import { graphql } from '../generated/gql.js';

export const BuildServiceDoc = graphql(`
  mutation BuildsBuildService($input: BuildServiceInput!) {
    buildService(input: $input) {
      __typename
      ... on BuildServicePayload {
        build { id status service source { kind archiveSha256 commit url ref } }
        operation { id kind status }
      }
      ... on ValidationError { message fieldErrors { path message } }
      ... on CapabilityNotSupportedError { message capability }
      ... on Error { message }
    }
  }
`);

export const BuildQuery = graphql(`
  query BuildsBuild($id: ID!) {
    node(id: $id) {
      ... on Build {
        id status service image imageDigest steps cachedSteps error startedAt finishedAt
        source { kind commit archiveSha256 }
        release { id version snapshots { name image } }
        operation { id kind status error { code message } build { id } }
        instance { id }
        logs(first: 1000) { edges { cursor node { cursor step line } } pageInfo { hasNextPage endCursor } }
      }
    }
  }
`);

export const InstanceBuildsQuery = graphql(`
  query BuildsInstance($id: ID!) {
    instance(id: $id) {
      id
      currentRelease { id version snapshots { name image } }
      services { name image }
      builds(first: 20) { edges { cursor node { id status image } } }
      operations(first: 20) { edges { node { id kind status error { code message } release { id } } } }
    }
  }
`);

export const BuildLogsSub = graphql(`
  subscription BuildsLogs($buildId: ID!, $after: String) {
    buildLogs(buildId: $buildId, after: $after) { cursor step line at }
  }
`);

export const ProvisionDoc = graphql(`
  mutation BuildsProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id } operation { id status } }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

export const DeployDoc = graphql(`
  mutation BuildsDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload { operation { id status } }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

export const CancelDoc = graphql(`
  mutation BuildsCancel($input: CancelOperationInput!) {
    cancelOperation(input: $input) {
      __typename
      ... on CancelOperationPayload { operation { id status } }
      ... on Error { message }
    }
  }
`);

/** A tar of `files` (name → content). */
export async function tarOf(files: Record<string, string>): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c: unknown) => chunks.push(c as Buffer));
  const done = new Promise<void>((resolve, reject) => {
    p.on('end', resolve);
    p.on('error', reject);
  });
  for (const [name, content] of Object.entries(files)) p.entry({ name }, content);
  p.finalize();
  await done;
  return Buffer.concat(chunks);
}

/**
 * Sends `document` as a GraphQL multipart request with `archive` at
 * `variables.input.build.source.archive` (the spec's operations/map/file parts).
 */
export async function uploadBuild(
  url: string,
  token: string,
  variables: { input: Record<string, unknown> },
  archive: Buffer,
): Promise<{ data?: { buildService: Record<string, unknown> }; errors?: unknown[] }> {
  const input = variables.input as { build: { source: Record<string, unknown> } };
  return uploadRequest(
    url,
    token,
    print(BuildServiceDoc),
    { input: { ...input, build: { ...input.build, source: { ...input.build.source, archive: null } } } },
    'variables.input.build.source.archive',
    archive,
  );
}

/**
 * Sends `queryText` with `variables` as a GraphQL multipart request, `archive`
 * as the file at `path` (e.g. `variables.input.services.0.build.source.archive`,
 * left null in `variables`).
 */
export async function uploadRequest<T = Record<string, unknown>>(
  url: string,
  token: string,
  queryText: string,
  variables: Record<string, unknown>,
  path: string,
  archive: Buffer,
): Promise<{ data?: T; errors?: unknown[] }> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: queryText, variables }));
  form.append('map', JSON.stringify({ 0: [path] }));
  form.append('0', new Blob([new Uint8Array(archive)]), 'context.tar');
  const req = new Request(url, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  // The server wants a Content-Length (it refuses a body that does not say how long it is).
  const body = Buffer.from(await req.arrayBuffer());
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': req.headers.get('content-type') ?? '',
      'content-length': String(body.length),
      'graphql-preflight': '1',
    },
  });
  return (await res.json()) as { data?: T; errors?: unknown[] };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `fn` until it answers something. */
export async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(40);
  }
}

export const DOCKERFILE = 'FROM busybox AS build\nRUN echo hi > /hi\nFROM busybox\nCOPY --from=build /hi /hi\n';

export const DeprovisionDoc = graphql(`
  mutation BuildsDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) {
      __typename
      ... on DeprovisionInstancePayload { operation { status } }
      ... on Error { message }
    }
  }
`);
