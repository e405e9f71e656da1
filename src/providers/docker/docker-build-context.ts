/**
 * A build context as the Engine takes it: the context directory as a tar
 * stream, without what its `.dockerignore` excludes (as `docker build` does),
 * owned by root (as the docker CLI sends it, so COPY gives the same files and
 * the same cache keys whoever checked the source out).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import ignore from '@balena/dockerignore';
import { pack } from 'tar-fs';

/** The tar stream of `contextDir`, honouring its `.dockerignore`; `dockerfile` (relative) is always sent. */
export function contextTar(contextDir: string, dockerfile: string): Readable {
  const included = contextEntries(contextDir, dockerfile);
  const tar = pack(contextDir, {
    ignore: (abs: string) => !included.has(toSlash(relative(contextDir, abs))),
    map: (header) => ({ ...header, uid: 0, gid: 0, uname: '', gname: '' }),
  });
  // tar-fs's Pack is a streamx Readable, which the Engine's request body takes as any Node stream.
  return tar as unknown as Readable;
}

/**
 * The relative paths the context sends: what `.dockerignore` does not
 * exclude, an excluded directory only for what a `!` exception re-includes
 * under it (as the docker CLI does), and the Dockerfile and .dockerignore
 * even when they exclude themselves (the Engine needs them).
 */
export function contextEntries(contextDir: string, dockerfile: string): Set<string> {
  const patterns = readIgnore(contextDir);
  // The package's CommonJS export is the factory, also as `.default` (which its typings reach).
  const ig = ignore.default().add(patterns);
  const hasExceptions = patterns.some((p) => p.trim().startsWith('!'));
  const always = new Set([toSlash(dockerfile).replace(/^\.\//, ''), '.dockerignore']);
  const out = new Set<string>();
  const walk = (rel: string): boolean => {
    let any = false;
    for (const d of readdirSync(join(contextDir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${d.name}` : d.name;
      const ignored = !always.has(child) && ig.ignores(child);
      let keep = !ignored;
      // Only an exception can bring something back from under an excluded directory: otherwise skip it whole.
      if (d.isDirectory() && (!ignored || hasExceptions)) keep = walk(child) || keep;
      if (keep) {
        out.add(child);
        any = true;
      }
    }
    return any;
  };
  walk('');
  return out;
}

function readIgnore(contextDir: string): string[] {
  try {
    return readFileSync(`${contextDir}/.dockerignore`, 'utf8').split(/\r?\n/);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

const toSlash = (p: string) => p.split(sep).join('/');
