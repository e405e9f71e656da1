import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { usageError } from './exit-codes.js';
import type { SourceSpec } from './spec-parse.js';

/** Bounds on what a source may read from disk. */
const MAX_FILES = 100;
const MAX_BYTES = 1024 * 1024;

/**
 * The `WorkloadSourceInput` for a spec's source: a manifests file read whole,
 * a kustomization directory read file by file (relative paths kept), Helm and
 * Argo CD passed as written. Paths are relative to the spec file.
 */
export async function sourceInputOf(source: SourceSpec, specFile: string): Promise<Record<string, unknown>> {
  const base = dirname(resolve(specFile));
  const secrets = source.secrets ? { secrets: source.secrets } : {};
  if (source.manifests) {
    const path = resolve(base, source.manifests.file);
    const yaml = await readText(path, `${specFile}: source.manifests.file`);
    return { manifests: { yaml }, ...secrets };
  }
  if (source.kustomize) {
    const dir = resolve(base, source.kustomize.dir);
    const files = await readTree(dir, `${specFile}: source.kustomize.dir`);
    return { manifests: { kustomize: files }, ...secrets };
  }
  if (source.helm) return { helm: source.helm, ...secrets };
  return { argocd: source.argocd, ...secrets };
}

async function readText(path: string, what: string): Promise<string> {
  try {
    const text = await readFile(path, 'utf8');
    if (text.length > MAX_BYTES) throw usageError(`${what}: ${path} is over ${MAX_BYTES} bytes`);
    return text;
  } catch (err) {
    if ((err as { exitCode?: number }).exitCode !== undefined) throw err;
    throw usageError(`${what}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

async function readTree(dir: string, what: string): Promise<Array<{ path: string; content: string }>> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw usageError(`${what}: ${dir} is not a directory`);
  const out: Array<{ path: string; content: string }> = [];
  let total = 0;
  const walk = async (at: string): Promise<void> => {
    for (const entry of (await readdir(at, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        if (out.length >= MAX_FILES) throw usageError(`${what}: more than ${MAX_FILES} files`);
        const content = await readText(full, what);
        total += content.length;
        if (total > MAX_BYTES) throw usageError(`${what}: more than ${MAX_BYTES} bytes in all`);
        out.push({ path: relative(dir, full), content });
      }
    }
  };
  await walk(dir);
  return out;
}
