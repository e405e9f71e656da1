/**
 * Build secrets through the builder engine's BuildKit session: a
 * `RUN --mount=type=secret` step reads the value (its hash lands in the
 * image), and the value itself lands nowhere: not in any layer of the saved
 * image, not in the history, not in a sink line, not in an error. The
 * positive control is a build ARG, which the same scanners do find.
 */
import { createHash, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildEngine } from '../../src/providers/builds.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { BASE, Contexts, collect, docker, dockerBuilder, request } from './docker-build-fixture.js';

/** Every file of a saved image (`docker save`), layers unpacked (gunzipped when compressed), by path. */
async function savedImage(tag: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const outer = await untar(await readAll(await docker.getImage(tag).get()));
  for (const [name, body] of outer) {
    out.set(name, body);
    if (!name.endsWith('.tar') && !isGzip(body)) continue;
    const layer = isGzip(body) ? gunzipSync(body) : body;
    for (const [inner, content] of await untar(layer)) out.set(`${name}!${inner}`, content);
  }
  return out;
}

const isGzip = (b: Buffer) => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

async function untar(tar: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const ex = extract();
  const done = new Promise<void>((resolve, reject) => {
    ex.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        files.set(header.name, Buffer.concat(chunks));
        next();
      });
      stream.resume();
    });
    ex.on('finish', resolve);
    ex.on('error', reject);
  });
  ex.end(tar);
  await done;
  return files;
}

/** The saved image's files whose bytes contain `value`. */
function filesHolding(files: Map<string, Buffer>, value: string): string[] {
  return [...files].filter(([, body]) => body.includes(value)).map(([name]) => name);
}

describe('Docker builder engine: build secrets', () => {
  let builder: BuildEngine;
  const contexts = new Contexts();
  const ctx = {};

  beforeAll(async () => {
    builder = await dockerBuilder();
  }, 120_000);

  afterAll(async () => {
    await contexts.cleanup();
  });

  it('mounts a secret for one RUN step and keeps its value out of every layer, the history and every line', async () => {
    const secret = `wh-secret-${randomUUID()}`;
    const publicValue = `wh-public-${randomUUID()}`;
    const dir = contexts.make({
      Dockerfile: [
        `FROM ${BASE}`,
        'ARG PUBLIC_VALUE',
        'RUN echo "$PUBLIC_VALUE" > /public.txt',
        // Uses the value (its hash lands in the image) and echoes it, as a careless build script would.
        'RUN --mount=type=secret,id=token busybox sha256sum /run/secrets/token > /token.sha256 && cat /run/secrets/token && echo',
        '',
      ].join('\n'),
    });
    const tag = contexts.tag();
    const sink = collect();
    const result = await builder.build(
      ctx,
      request(dir, tag, { secrets: { token: secret }, args: { PUBLIC_VALUE: publicValue } }),
      sink,
    );
    expect(result.imageId).toMatch(/^sha256:/);

    const files = await savedImage(tag);
    const hashFile = [...files].find(([name]) => name.endsWith('!token.sha256'));
    const expected = createHash('sha256').update(secret).digest('hex');
    expect(hashFile?.[1].toString()).toBe(`${expected}  /run/secrets/token\n`);
    // Positive control: the scanner finds a build ARG's value in a layer and in the image config's history.
    expect(filesHolding(files, publicValue).length).toBeGreaterThan(0);
    expect(filesHolding(files, secret)).toEqual([]);

    const history = JSON.stringify(await docker.getImage(tag).history());
    expect(history).toContain(publicValue);
    expect(history).not.toContain(secret);

    // The step echoed the value: the line is there, masked.
    expect(sink.lines.some((l) => l.line === '***')).toBe(true);
    expect(sink.text()).not.toContain(secret);
  }, 180_000);

  it('masks the value in the error of a failing step that printed it', async () => {
    const secret = `wh-secret-${randomUUID()}`;
    const dir = contexts.make({
      Dockerfile: [
        `FROM ${BASE}`,
        'RUN --mount=type=secret,id=token echo "token was $(cat /run/secrets/token)" >&2 && exit 7',
        '',
      ].join('\n'),
    });
    const sink = collect();
    const err = await builder
      .build(ctx, request(dir, contexts.tag(), { secrets: { token: secret } }), sink)
      .catch((e: unknown) => e);
    expect(isProviderError(err, 'build_failed')).toBe(true);
    const message = (err as Error).message;
    expect(message).toContain('token was ***');
    expect(message).not.toContain(secret);
    expect(sink.text()).toContain('token was ***');
    expect(sink.text()).not.toContain(secret);
  }, 120_000);

  it('fails a step whose secret the request does not have, naming the id', async () => {
    const dir = contexts.make({
      Dockerfile: [
        `FROM ${BASE}`,
        `RUN --mount=type=secret,id=absent,required cat /run/secrets/absent # ${Date.now()}`,
        '',
      ].join('\n'),
    });
    const err = await builder
      .build(ctx, request(dir, contexts.tag(), { secrets: { token: 'other' } }), collect())
      .catch((e: unknown) => e);
    expect(isProviderError(err, 'build_failed')).toBe(true);
    expect((err as Error).message).toMatch(/secret absent not found/);
  }, 120_000);
});
