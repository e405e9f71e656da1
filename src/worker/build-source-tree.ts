import { lstat, mkdir, mkdtemp, realpath, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { BUILD_FIELDS, buildPathErrors } from '../control/build-paths.js';
import type { FieldError } from '../control/errors.js';
import { CanceledError } from '../providers/provider-errors.js';
import { OperationFailure } from './operation-failures.js';

/*
 * What the git and archive sources share: the directory a source is prepared
 * in, the failure they end a build with, and the last check before a build
 * gets a context: where the context and the Dockerfile really are, through
 * every symlink, and that both are inside the source.
 */

/** Where a prepared build context came from, as the Build's `source` records it. */
export interface PreparedSourceInfo {
  kind: 'git' | 'archive';
  /** git: the repository, without credentials. */
  url?: string;
  /** git: the ref asked for. */
  ref?: string;
  /** git: the resolved 40-hex commit sha. */
  commit?: string;
  /** archive: the uploaded archive's sha256 (hex). */
  archiveSha256?: string;
}

/** A source checked out or extracted, ready for the builder (`BuildRequest.contextDir` and `dockerfile`). */
export interface PreparedSource {
  /** The directory holding everything of this source (removed by `cleanup`). */
  dir: string;
  /** The build context: a real path inside the source. */
  contextDir: string;
  /** The Dockerfile, relative to `contextDir`, a regular file inside it. */
  dockerfile: string;
  source: PreparedSourceInfo;
  /** Removes `dir`; safe to call more than once. */
  cleanup(): Promise<void>;
}

/** Why a source could not be prepared: bad input (`fieldErrors` set), refused, or a failed fetch. */
export type BuildSourceCode = 'BUILD_SOURCE_INVALID' | 'BUILD_SOURCE_REFUSED' | 'BUILD_SOURCE_FAILED';

/**
 * A build's source failed. It ends the BUILD operation with `code` (an
 * OperationFailure); `fieldErrors` names the input field when the input was
 * at fault (`build.contextPath`, `build.dockerfile`, `build.source.git.url`,
 * `build.source.archive`), for a ValidationError where one is answered
 * synchronously. The message never holds a credential.
 */
export class BuildSourceError extends OperationFailure {
  override readonly name = 'BuildSourceError';
  constructor(
    code: BuildSourceCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(code, message);
  }
  /** One field's problem. */
  static field(code: BuildSourceCode, path: readonly string[], message: string): BuildSourceError {
    return new BuildSourceError(code, `${path.join('.')}: ${message}`, [{ path: [...path], message }]);
  }
}

/** The input's own paths, checked before anything is fetched (throws BUILD_SOURCE_INVALID). */
export function checkedPaths(contextPath: string, dockerfile: string): { contextPath: string; dockerfile: string } {
  const checked = buildPathErrors(contextPath, dockerfile);
  if (checked.errors.length > 0) {
    const e = checked.errors;
    throw new BuildSourceError('BUILD_SOURCE_INVALID', e.map((f) => `${f.path.join('.')}: ${f.message}`).join('; '), e);
  }
  return checked;
}

/** A fresh private directory under `workDir` for one source. */
export async function newSourceDir(workDir: string, prefix: string): Promise<string> {
  await mkdir(workDir, { recursive: true });
  return mkdtemp(join(workDir, `${prefix}-`));
}

/** Removes a source's directory (every error but "already gone" is thrown). */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Is `inner` (a real path) `outer` or inside it? */
function inside(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves the context and the Dockerfile inside a checked-out tree with
 * realpath: each must exist, and neither may lead out of the tree (the
 * Dockerfile not out of the context) through a symlink. Throws a field-named
 * BuildSourceError otherwise.
 */
export async function resolveContext(
  tree: string,
  contextPath: string,
  dockerfile: string,
): Promise<{ contextDir: string; dockerfile: string }> {
  const root = await realpath(tree);
  const ctxPath = join(root, contextPath);
  if (!(await exists(ctxPath)))
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      BUILD_FIELDS.contextPath,
      `${JSON.stringify(contextPath)} does not exist in the source`,
    );
  let contextDir: string;
  try {
    contextDir = await realpath(ctxPath);
  } catch {
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      BUILD_FIELDS.contextPath,
      `${JSON.stringify(contextPath)} is a symlink that leads nowhere`,
    );
  }
  if (!inside(root, contextDir))
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      BUILD_FIELDS.contextPath,
      `${JSON.stringify(contextPath)} leads outside the source through a symlink`,
    );
  if (!(await stat(contextDir)).isDirectory())
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      BUILD_FIELDS.contextPath,
      `${JSON.stringify(contextPath)} is not a directory`,
    );

  const shown = JSON.stringify(contextPath === '.' ? dockerfile : `${contextPath}/${dockerfile}`);
  const dfPath = join(contextDir, dockerfile);
  if (!(await exists(dfPath)))
    throw BuildSourceError.field('BUILD_SOURCE_INVALID', BUILD_FIELDS.dockerfile, `no Dockerfile at ${shown}`);
  let real: string;
  try {
    real = await realpath(dfPath);
  } catch {
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      BUILD_FIELDS.dockerfile,
      `${shown} is a symlink that leads nowhere`,
    );
  }
  if (!inside(contextDir, real))
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      BUILD_FIELDS.dockerfile,
      `${shown} leads outside the build context through a symlink`,
    );
  if (!(await stat(real)).isFile())
    throw BuildSourceError.field('BUILD_SOURCE_INVALID', BUILD_FIELDS.dockerfile, `${shown} is not a file`);
  return { contextDir, dockerfile: relative(contextDir, real) };
}

/** The error an aborted preparation ends with: the signal's reason when it is one. */
export function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new CanceledError('build source canceled');
}
