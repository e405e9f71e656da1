import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wh-build-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const load = (env: Record<string, string>) => loadConfig({ WHEELHOUSE_DATA_DIR: join(dir, 'data'), ...env });

describe('the build settings (WHEELHOUSE_BUILD*, WHEELHOUSE_GIT_ALLOW_LOCAL)', () => {
  it('default to the default provider, no registry, 2 at once, no local git, 100 MiB archives', async () => {
    expect((await load({})).builds).toEqual({
      builder: undefined,
      registry: undefined,
      concurrency: 2,
      gitAllowLocal: false,
      archiveMaxBytes: 100 * 1024 * 1024,
    });
  });

  it('read every variable', async () => {
    const c = await load({
      WHEELHOUSE_BUILDER: 'docker-b',
      WHEELHOUSE_BUILD_REGISTRY: '127.0.0.1:5000',
      WHEELHOUSE_BUILD_CONCURRENCY: '5',
      WHEELHOUSE_GIT_ALLOW_LOCAL: 'true',
      WHEELHOUSE_BUILD_ARCHIVE_MAX_MB: '3',
    });
    expect(c.builds).toEqual({
      builder: 'docker-b',
      registry: '127.0.0.1:5000',
      concurrency: 5,
      gitAllowLocal: true,
      archiveMaxBytes: 3 * 1024 * 1024,
    });
  });

  it.each([
    ['WHEELHOUSE_BUILD_CONCURRENCY', '0'],
    ['WHEELHOUSE_BUILD_REGISTRY', 'https://registry.example.com'],
    ['WHEELHOUSE_GIT_ALLOW_LOCAL', 'yes'],
    ['WHEELHOUSE_BUILD_ARCHIVE_MAX_MB', '-1'],
  ])('names %s when it is bad (%s)', async (setting, value) => {
    const err = await load({ [setting]: value }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).setting).toBe(setting);
  });
});
