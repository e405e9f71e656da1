/**
 * Rendering sources to documents with the tools their authors use: a
 * kustomization with `kubectl kustomize`, a Helm chart with `helm template`.
 * Each runs as a child process (no shell) with a deadline and an output
 * bound, in a temporary directory removed afterwards.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, normalize } from 'node:path';
import { stringify } from 'yaml';
import type { HelmSource, SourceFile } from '../sources.js';
import { SpecError } from './kubernetes-objects.js';

/** Bound on a rendered set. */
const MAX_OUTPUT = 4 * 1024 * 1024;

/** Where `name` is found on PATH (or `name` itself when it is a path to an executable), else undefined. */
export function findBinary(name: string, path = process.env.PATH ?? ''): string | undefined {
  const candidates = name.includes('/') ? [name] : path.split(delimiter).map((dir) => join(dir, name));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // not here
    }
  }
  return undefined;
}

function run(binary: string, args: string[], cwd: string, timeoutMs: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { cwd, timeout: timeoutMs, maxBuffer: MAX_OUTPUT }, (err, stdout, stderr) => {
      if (err) {
        const detail = (stderr || err.message).trim().split('\n').slice(0, 5).join('\n');
        reject(new SpecError(`${what} failed: ${detail}`));
      } else resolve(stdout);
    });
  });
}

/** Writes `files` under a new temporary directory; paths must stay inside it. */
async function writeTree(files: readonly SourceFile[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wheelhouse-src-'));
  for (const f of files) {
    const rel = normalize(f.path);
    if (isAbsolute(rel) || rel.startsWith('..')) {
      await rm(dir, { recursive: true, force: true });
      throw new SpecError(`file ${f.path}: paths are relative and stay inside the kustomization`);
    }
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), f.content);
  }
  return dir;
}

/** `kubectl kustomize` of the given files; refused with a clear message where kubectl is absent. */
export async function kustomize(files: readonly SourceFile[], kubectl: string | undefined, timeoutMs: number) {
  const binary = kubectl ? findBinary(kubectl) : undefined;
  if (!binary) {
    throw new SpecError(
      'a kustomization is built with `kubectl kustomize`, and this server has no kubectl on its PATH; give the documents as yaml instead',
    );
  }
  if (!files.some((f) => /^(\.\/)?(kustomization\.ya?ml|Kustomization)$/.test(f.path))) {
    throw new SpecError('the files hold no kustomization.yaml at their root');
  }
  const dir = await writeTree(files);
  try {
    return await run(binary, ['kustomize', '.'], dir, timeoutMs, 'kubectl kustomize');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `helm template` of a chart with its values, as release `releaseName` in `namespace`. */
export async function helmTemplate(
  source: HelmSource,
  helm: string,
  releaseName: string,
  namespace: string,
  timeoutMs: number,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wheelhouse-helm-'));
  try {
    const args = ['template', releaseName, source.chart, '--namespace', namespace];
    if (source.repoUrl) args.push('--repo', source.repoUrl);
    if (source.version) args.push('--version', source.version);
    if (source.values && Object.keys(source.values).length > 0) {
      await writeFile(join(dir, 'values.yaml'), stringify(source.values));
      args.push('--values', join(dir, 'values.yaml'));
    }
    return await run(helm, args, dir, timeoutMs, 'helm template');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
