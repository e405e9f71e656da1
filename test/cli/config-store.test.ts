import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConnection, writeStoredConfig } from '../../src/cli/config-store.js';
import { CliError, ExitCode } from '../../src/cli/exit-codes.js';

describe('CLI config storage', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wheelhouse-cli-config-'));
    path = join(dir, 'nested', 'config.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the token readable by its owner only, even over an older, wider file', async () => {
    await writeStoredConfig(path, { url: 'http://a/graphql', token: 't1' });
    await chmod(path, 0o644);
    await writeStoredConfig(path, { url: 'http://a/graphql', token: 't2' });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('WHEELHOUSE_URL and WHEELHOUSE_TOKEN override what is stored', async () => {
    await writeStoredConfig(path, { url: 'http://stored:4000/graphql', token: 'stored' });
    expect(await resolveConnection({ WHEELHOUSE_CONFIG: path })).toEqual({
      url: 'http://stored:4000/graphql',
      token: 'stored',
    });
    expect(
      await resolveConnection({ WHEELHOUSE_CONFIG: path, WHEELHOUSE_URL: 'http://env:5000', WHEELHOUSE_TOKEN: 'env' }),
    ).toEqual({ url: 'http://env:5000/graphql', token: 'env' });
  });

  it('without a URL and token it is an auth error (exit 3)', async () => {
    const err = await resolveConnection({ WHEELHOUSE_CONFIG: path }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(ExitCode.AUTH);
  });
});
