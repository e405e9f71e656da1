import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { isConnectionFailure, WheelhouseAbortError, WheelhouseUnreachableError } from './errors.js';
import { type HttpTarget, queryText, readGraphQLResponse } from './http-transport.js';

/** A file to send as an `Upload` variable: any Blob (a browser `File`, or Node's `fs.openAsBlob(path)`). */
export interface UploadFile {
  /** The content; read once, as it is sent (a file opened with `openAsBlob` is never held in memory). */
  blob: Blob;
  /** The file name the server sees (default `upload`). */
  name?: string;
}

/** Options of an upload. */
export interface UploadOptions {
  /** Cancels the request. */
  signal?: AbortSignal;
  /** Told as the files' bytes are sent: `sent` of `total` (the files only, not the form around them). */
  onProgress?: (sent: number, total: number) => void;
}

const encoder = new TextEncoder();
const CHUNK = 64 * 1024;

/**
 * Sends a mutation with files as a GraphQL multipart request
 * (https://github.com/jaydenseric/graphql-multipart-request-spec): the
 * `operations` part holds the query and its variables with `null` where each
 * file goes, `map` names those places (`variables.input.build.source.archive`),
 * and the files follow as parts `0`, `1`, …. `files` is keyed by the path
 * inside `variables` (`input.build.source.archive`). The body is streamed
 * with its length known beforehand, so the server can refuse an oversized
 * upload from its `Content-Length` before reading a byte of it.
 */
export async function postGraphQLMultipart<TResult, TVariables>(
  target: HttpTarget,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
  files: Readonly<Record<string, UploadFile>>,
  options: UploadOptions = {},
): Promise<TResult> {
  const places = Object.keys(files);
  const operations = { query: queryText(document as TypedDocumentNode<unknown, unknown>), variables };
  const withNulls = structuredClone(operations) as { variables: Record<string, unknown> };
  for (const place of places) setAt(withNulls.variables, place);
  const map = Object.fromEntries(places.map((place, i) => [String(i), [`variables.${place}`]]));

  const boundary = `----wheelhouse-${crypto.randomUUID()}`;
  const field = (name: string, value: string) =>
    encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = [field('operations', JSON.stringify(withNulls)), field('map', JSON.stringify(map))];
  const parts = places.map((place, i) => {
    const file = files[place] as UploadFile;
    const name = (file.name ?? 'upload').replace(/["\r\n]/g, '_');
    const type = file.blob.type || 'application/octet-stream';
    return {
      header: encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${i}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      blob: file.blob,
    };
  });
  const crlf = encoder.encode('\r\n');
  const tail = encoder.encode(`--${boundary}--\r\n`);
  const total = parts.reduce((n, p) => n + p.blob.size, 0);
  const length =
    head.reduce((n, b) => n + b.length, 0) +
    parts.reduce((n, p) => n + p.header.length + p.blob.size + crlf.length, 0) +
    tail.length;

  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* head;
    let sent = 0;
    options.onProgress?.(0, total);
    for (const part of parts) {
      yield part.header;
      // Sliced reads: each chunk is asked for only when the socket took the one before.
      for (let at = 0; at < part.blob.size; at += CHUNK) {
        const bytes = new Uint8Array(await part.blob.slice(at, at + CHUNK).arrayBuffer());
        yield bytes;
        sent += bytes.length;
        options.onProgress?.(sent, total);
      }
      yield crlf;
    }
    yield tail;
  }
  const source = chunks();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await source.return(undefined);
    },
  });

  let res: Response;
  try {
    res = await target.fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
        accept: 'application/graphql-response+json, application/json',
        ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
      },
      body,
      // A streamed request body must say so (fetch's rule); the answer comes after it.
      duplex: 'half',
      ...(options.signal ? { signal: options.signal } : {}),
    } as RequestInit);
  } catch (err) {
    if (options.signal?.aborted) throw new WheelhouseAbortError();
    if (isConnectionFailure(err)) throw new WheelhouseUnreachableError(target.url, { cause: err });
    throw err;
  }
  return readGraphQLResponse<TResult>(res);
}

/** Puts `null` at a dotted path inside `root` (where the multipart map says the file goes). */
function setAt(root: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  let node: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) throw new TypeError(`upload: no variable at ${path}`);
    node = next as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = null;
}
