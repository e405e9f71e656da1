import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, not decompressed (fetch would undo the gzip and hide its size). */
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('GraphiQL page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('is a few kilobytes that ask for a token; GraphiQL’s bundle comes gzipped and cached for good', async () => {
    const page = await get(t.url, { accept: 'text/html' });
    expect(page.status).toBe(200);
    const html = page.body.toString();
    // Yoga's own page inlined the whole bundle: 9.1 MB on every visit.
    expect(page.body.length).toBeLessThan(16_000);
    expect(html).toContain('id="token-form"');

    const assets = [...html.matchAll(/"(\/graphiql\/[0-9a-f]+\/[a-z.]+)"/g)].map((m) => m[1] as string);
    expect(assets.some((a) => a.endsWith('/graphiql.js'))).toBe(true);
    // The workers' URLs are written into the page's script, not into an element.
    const base = assets[0]?.replace(/[^/]+$/, '') ?? '';
    let sent = page.body.length;
    let unpacked = page.body.length;
    for (const name of ['graphiql.js', 'graphiql.css', 'editor.worker.js', 'json.worker.js', 'graphql.worker.js']) {
      const asset = await get(`${t.url.replace(/\/graphql$/, '')}${base}${name}`, { 'accept-encoding': 'gzip, br' });
      expect(asset.status, name).toBe(200);
      expect(asset.headers['content-encoding'], name).toBe('gzip');
      expect(asset.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      sent += asset.body.length;
      unpacked += gunzipSync(asset.body).length;
    }
    // Measured with render-graphiql 5.24.1: 2.39 MB sent for 8.8 MB of script, styles and workers.
    expect(sent).toBeLessThan(unpacked / 3);
  });

  it('sends an asset as is to a client that does not accept gzip, and 404 for another bundle’s key', async () => {
    const html = (await get(t.url, { accept: 'text/html' })).body.toString();
    const css = /"(\/graphiql\/[0-9a-f]+\/)graphiql\.css"/.exec(html)?.[1];
    expect(css).toBeDefined();
    const origin = t.url.replace(/\/graphql$/, '');
    const plain = await get(`${origin}${css}graphiql.css`, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('.graphiql-container');
    expect((await get(`${origin}/graphiql/0000000000000000/graphiql.css`, {})).status).toBe(404);
  });
});
