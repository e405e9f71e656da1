/**
 * Pushing a built image to its registry: the Engine pushes (with its own
 * registry settings, e.g. a plain-HTTP registry on 127.0.0.1), we follow the
 * progress and take the manifest digest the registry answered (the push's
 * `aux.Digest`), which is what a deploy pins.
 */
import type Dockerode from 'dockerode';
import type { BuildSink } from '../builds.js';
import { type BuildMessage, readMessages } from './docker-build-trace.js';

/** Why a push failed (the Engine's words), thrown by pushImage. */
export class PushError extends Error {
  override readonly name = 'PushError';
}

/** `repo` and `tag` of a reference (`127.0.0.1:5000/wh/web:3f2a` → `127.0.0.1:5000/wh/web`, `3f2a`). */
export function splitReference(ref: string): { repo: string; tag: string } {
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  return colon > slash ? { repo: ref.slice(0, colon), tag: ref.slice(colon + 1) } : { repo: ref, tag: 'latest' };
}

/** Pushes `ref` and returns the registry's manifest digest (`sha256:…`). */
export async function pushImage(docker: Dockerode, ref: string, sink: BuildSink, signal: AbortSignal): Promise<string> {
  const { repo, tag } = splitReference(ref);
  // An empty X-Registry-Auth: dockerd refuses a push without the header; the registry needs no credentials.
  const stream = (await docker
    .getImage(repo)
    .push({ tag, authconfig: {}, abortSignal: signal })) as NodeJS.ReadableStream;
  let digest: string | undefined;
  let error: string | undefined;
  await readMessages(stream, (m: BuildMessage) => {
    const msg = m as BuildMessage & { status?: string; progress?: string };
    const aux = msg.aux as { Digest?: unknown } | undefined;
    if (typeof aux?.Digest === 'string') digest = aux.Digest;
    if (msg.error) error = msg.errorDetail?.message ?? msg.error;
    // Progress bars repeat for every chunk: only the statuses that say what happened.
    else if (msg.status && !msg.progress) sink.line({ line: msg.id ? `${msg.id}: ${msg.status}` : msg.status });
  });
  if (error) throw new PushError(`pushing ${ref} failed: ${error}`);
  if (!digest) throw new PushError(`pushing ${ref}: the registry answered no digest`);
  return digest;
}
