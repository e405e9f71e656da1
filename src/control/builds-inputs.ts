/**
 * The inputs of a build (BuildSpecInput, BuildServiceInput) as the schema
 * passes them, and their checks: what a build stores is decided here, before
 * anything is written. Paths and the git url are checked by build-paths.ts.
 */
import type { DeployStrategy } from '../providers/provider.js';
import { buildPathErrors, checkGitUrl, gitRefErrors } from './build-paths.js';
import type { MutationControl } from './idempotency.js';
import type { StoredBuildSpec } from './model.js';
import type { BlueGreenInput, CanaryInput } from './rollout-inputs.js';
import { checkEnv, type Problems } from './spec-validation.js';

/** An uploaded file as yoga hands it over (the fetch API's File). */
export interface UploadedFile {
  readonly name: string;
  readonly size: number;
  stream(): ReadableStream<Uint8Array>;
}

/** BuildSpecInput. */
export interface BuildSpecInput {
  source: {
    git?: { url: string; ref?: string | null; credentialSecret?: string | null } | null;
    archive?: UploadedFile | Promise<UploadedFile> | null;
  };
  contextPath?: string | null;
  dockerfile?: string | null;
  target?: string | null;
  args?: readonly { name: string; value: string }[] | null;
  secrets?: readonly { id: string; secretKey: string }[] | null;
  cpuMillis?: number | null;
  memoryMb?: number | null;
  timeoutSeconds?: number | null;
}

/** BuildServiceInput (instanceId already a local id). */
export interface BuildServiceInput extends MutationControl {
  instanceId: string;
  service: string;
  build: BuildSpecInput;
  deploy?: boolean | null;
  strategy?: DeployStrategy | null;
  canary?: CanaryInput | null;
  blueGreen?: BlueGreenInput | null;
}

const SECRET_ID = /^[A-Za-z0-9_.-]{1,128}$/;
const TARGET = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
/** The longest a build may be given (a day); the default is 30 minutes. */
const MAX_TIMEOUT_SECONDS = 86_400;

/**
 * Checks a build spec and returns what is stored of it (without the archive's
 * digest, known once the upload is read). `at` is the spec's path.
 */
export function checkBuildSpec(
  p: Problems,
  spec: BuildSpecInput,
  at: (string | number)[],
  allowLocalGit: boolean,
): Omit<StoredBuildSpec, 'archive'> {
  const git = spec.source.git ?? undefined;
  const hasArchive = spec.source.archive != null;
  if (!git && !hasArchive) p.add([...at, 'source'], 'give exactly one of git or archive (neither was given)');
  if (git && hasArchive) p.add([...at, 'source'], 'give exactly one of git or archive (both were given)');
  // build-paths.ts names its fields from `build` on (BUILD_FIELDS): they go under the spec's own path.
  const under = (path: readonly string[]) => [...at, ...path.slice(1)];
  const paths = buildPathErrors(spec.contextPath ?? '.', spec.dockerfile ?? 'Dockerfile');
  for (const e of paths.errors) p.add(under(e.path), e.message);
  const { contextPath, dockerfile } = paths;
  if (git) {
    for (const e of checkGitUrl(git.url, allowLocalGit).errors) p.add(under(e.path), e.message);
    if (git.ref != null) for (const e of gitRefErrors(git.ref)) p.add(under(e.path), e.message);
  }
  if (spec.target != null && !TARGET.test(spec.target))
    p.add([...at, 'target'], 'must be a stage name: letters, digits, "_", "." or "-"');
  const args = checkEnv(p, spec.args, [...at, 'args']);
  const secrets = (spec.secrets ?? []).map((s, i) => {
    if (!SECRET_ID.test(s.id)) p.add([...at, 'secrets', i, 'id'], 'must be 1-128 letters, digits, "_", "." or "-"');
    if ((spec.secrets ?? []).findIndex((o) => o.id === s.id) !== i)
      p.add([...at, 'secrets', i, 'id'], `secret id ${s.id} is listed twice`);
    return { id: s.id, secretKey: s.secretKey };
  });
  if (spec.cpuMillis != null && (!Number.isInteger(spec.cpuMillis) || spec.cpuMillis < 10 || spec.cpuMillis > 256_000))
    p.add([...at, 'cpuMillis'], 'must be from 10 to 256000');
  if (spec.memoryMb != null && (!Number.isInteger(spec.memoryMb) || spec.memoryMb < 16 || spec.memoryMb > 1_048_576))
    p.add([...at, 'memoryMb'], 'must be from 16 to 1048576');
  const timeoutSeconds = spec.timeoutSeconds ?? 1800;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > MAX_TIMEOUT_SECONDS)
    p.add([...at, 'timeoutSeconds'], `must be from 1 to ${MAX_TIMEOUT_SECONDS}`);
  return {
    ...(git
      ? {
          git: {
            url: git.url,
            ref: git.ref ?? 'HEAD',
            ...(git.credentialSecret ? { credentialSecret: git.credentialSecret } : {}),
          },
        }
      : {}),
    contextPath,
    dockerfile,
    ...(spec.target ? { target: spec.target } : {}),
    args,
    secrets,
    ...(spec.cpuMillis != null ? { cpuMillis: spec.cpuMillis } : {}),
    ...(spec.memoryMb != null ? { memoryMb: spec.memoryMb } : {}),
    timeoutSeconds,
  };
}

/** The vault keys a build spec names, with the field each is at (for an unknown-key error). */
export function vaultKeysOf(
  spec: Omit<StoredBuildSpec, 'archive'>,
  at: (string | number)[],
): { key: string; path: (string | number)[] }[] {
  return [
    ...spec.secrets.map((s, i) => ({ key: s.secretKey, path: [...at, 'secrets', i, 'secretKey'] })),
    ...(spec.git?.credentialSecret
      ? [{ key: spec.git.credentialSecret, path: [...at, 'source', 'git', 'credentialSecret'] }]
      : []),
  ];
}
