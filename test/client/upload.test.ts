import { createHash, randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWheelhouseClient, WheelhouseRequestError } from '../../src/client/index.js';

/**
 * A real GraphQL multipart server (yoga, as Wheelhouse serves it) with one
 * mutation that reports what it received: the upload's name, size and
 * digest, beside the other variables.
 */
const typeDefs = /* GraphQL */ `
  scalar Upload
  input SourceInput { archive: Upload, note: String }
  input BuildInput { source: SourceInput! }
  input Input { service: String!, build: BuildInput! }
  type Received { service: String!, note: String, name: String!, size: Int!, sha256: String! }
  type Query { ok: Boolean }
  type Mutation { receive(input: Input!): Received! }
`;

interface Received {
  receive: { service: string; note: string | null; name: string; size: number; sha256: string };
}
interface Variables {
  input: { service: string; build: { source: { archive: null; note?: string } } };
}
const RECEIVE = parse(
  'mutation Receive($input: Input!) { receive(input: $input) { service note name size sha256 } }',
) as import('@graphql-typed-document-node/core').TypedDocumentNode<Received, Variables>;

describe('the client uploads files as a GraphQL multipart request', () => {
  let server: Server;
  let url: string;
  let dir: string;
  const headers: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wheelhouse-upload-'));
    const yoga = createYoga({
      graphqlEndpoint: '/graphql',
      maskedErrors: false,
      schema: createSchema({
        typeDefs,
        resolvers: {
          Mutation: {
            receive: async (
              _: unknown,
              { input }: { input: { service: string; build: { source: { archive: File; note?: string } } } },
            ) => {
              const file = input.build.source.archive;
              // yoga hands a File of its own fetch implementation (not always the global class).
              if (typeof file?.arrayBuffer !== 'function') throw new Error('archive is not a file');
              const bytes = Buffer.from(await file.arrayBuffer());
              return {
                service: input.service,
                note: input.build.source.note ?? null,
                name: file.name,
                size: bytes.length,
                sha256: createHash('sha256').update(bytes).digest('hex'),
              };
            },
          },
        },
      }),
    });
    server = createServer((req, res) => {
      headers.push(req.headers);
      void yoga.handle(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await rm(dir, { recursive: true, force: true });
  });

  it('sends operations, map and the file part; the server gets the bytes whole with the other variables', async () => {
    const content = randomBytes(1_500_000);
    const path = join(dir, 'context.tar.gz');
    await writeFile(path, content);
    const progress: Array<[number, number]> = [];
    const wh = createWheelhouseClient({ url, token: 'tok' });
    headers.length = 0;
    const data = await wh.upload(
      RECEIVE,
      { input: { service: 'web', build: { source: { archive: null, note: 'from the CLI' } } } },
      { 'input.build.source.archive': { blob: await openAsBlob(path), name: 'context.tar.gz' } },
      { onProgress: (sent, total) => progress.push([sent, total]) },
    );
    expect(data.receive).toEqual({
      service: 'web',
      note: 'from the CLI',
      name: 'context.tar.gz',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    // The body's length is said up front (Wheelhouse refuses a body without one), and the token goes along.
    const sent = headers[0];
    expect(Number(sent?.['content-length'])).toBeGreaterThan(content.length);
    expect(sent?.['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.authorization).toBe('Bearer tok');
    // Progress counts the file's bytes, several times on the way, and ends at its size.
    expect(progress[0]).toEqual([0, content.length]);
    expect(progress.at(-1)).toEqual([content.length, content.length]);
    expect(progress.length).toBeGreaterThan(10);
    await wh.dispose();
  });

  it("the server's GraphQL errors are thrown as a WheelhouseRequestError", async () => {
    const path = join(dir, 'small.bin');
    await writeFile(path, 'x');
    const wh = createWheelhouseClient({ url });
    // `note` is a String: a number there fails variable coercion, a request-level error.
    const bad = { input: { service: 'web', build: { source: { archive: null, note: 5 as unknown as string } } } };
    const err = await wh
      .upload(RECEIVE, bad, { 'input.build.source.archive': { blob: await openAsBlob(path) } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WheelhouseRequestError);
    expect((err as Error).message).toMatch(/note/);
  });

  it('a place that is not in the variables is refused before anything is sent', async () => {
    const wh = createWheelhouseClient({ url });
    headers.length = 0;
    const err = await wh
      .upload(
        RECEIVE,
        { input: { service: 'web', build: { source: { archive: null } } } },
        { 'input.nothing.here': { blob: new Blob(['x']) } },
      )
      .catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/input\.nothing\.here/);
    expect(headers).toHaveLength(0);
  });
});
