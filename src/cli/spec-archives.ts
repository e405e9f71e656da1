import { openAsBlob } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { WheelhouseClient } from '../client/client.js';
import type { UploadFile } from '../client/upload.js';
import { progressLine, size } from './build-follow.js';
import { type ContextArchive, packContext } from './context-archive.js';
import type { ServiceSpec } from './spec-parse.js';

/** A local build context of a spec file, and where its archive goes in the mutation's variables. */
export interface ArchivePlace {
  /** The service it builds. */
  service: string;
  /** A dotted path in the variables, e.g. `input.services.0.build.source.archive`. */
  place: string;
  /** The directory, absolute (a file's `context` is relative to the file). */
  dir: string;
  /** The Dockerfile's path relative to `dir` (sent even when the .dockerignore leaves it out). */
  dockerfile: string;
}

/**
 * The archive places of the services sent, in the order sent: `prefix` is
 * where that list sits in the variables (`input.services`).
 */
export function archivePlaces(sent: readonly ServiceSpec[], specFile: string, prefix: string): ArchivePlace[] {
  const base = dirname(resolve(specFile));
  return sent.flatMap((s, i) =>
    s.build?.context
      ? [
          {
            service: s.name,
            place: `${prefix}.${i}.build.source.archive`,
            dir: resolve(base, s.build.context),
            dockerfile: join(s.build.contextPath ?? '.', s.build.dockerfile ?? 'Dockerfile'),
          },
        ]
      : [],
  );
}

/**
 * Sends a mutation, packing and uploading each local context first (one
 * progress line each on stderr) when there are any; a plain request when
 * there are none. The temporary archives are removed afterwards.
 */
export async function sendWithArchives<TResult, TVariables>(
  client: WheelhouseClient,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
  places: readonly ArchivePlace[],
): Promise<TResult> {
  if (places.length === 0) return client.request(document, variables);
  const packed: ContextArchive[] = [];
  try {
    const files: Record<string, UploadFile> = {};
    for (const p of places) {
      const a = await packContext(p.dir, { dockerfile: p.dockerfile });
      packed.push(a);
      for (const l of a.skippedLinks)
        process.stderr.write(`skipped ${l.path} → ${l.target} (a link out of ${p.dir})\n`);
      process.stderr.write(
        `context ${p.service} (${p.dir}): ${a.files} files, ${size(a.contentBytes)} (${size(a.bytes)} packed)\n`,
      );
      files[p.place] = { blob: await openAsBlob(a.path, { type: 'application/gzip' }), name: `${p.service}.tar.gz` };
    }
    return await client.upload(document, variables, files, { onProgress: progressLine('uploading contexts') });
  } finally {
    for (const a of packed) await a.dispose();
  }
}
