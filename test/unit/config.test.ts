import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

let dir: string;
let dataDir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wh-config-'));
  dataDir = join(dir, 'data');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** loadConfig over a clean environment: only what the test passes (plus a private data dir). */
function load(env: Record<string, string>) {
  return loadConfig({ WHEELHOUSE_DATA_DIR: dataDir, ...env });
}

/** The ConfigError loadConfig rejects with. */
async function configError(env: Record<string, string>): Promise<ConfigError> {
  const err = await load(env).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  return err as ConfigError;
}

async function providersFile(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('loadConfig', () => {
  it('has the documented defaults', async () => {
    const c = await load({});
    expect(c.port).toBe(4000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.database).toEqual({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
    expect(c.dataDir).toBe(dataDir);
    expect(c.bootstrapToken).toBeUndefined();
    expect(c.secretKey).toBeUndefined();
    expect(c.providers).toBeUndefined();
    expect(c.dockerHost).toBeUndefined();
    expect(c.kubeconfig).toMatch(/\.kube\/config$/);
    expect(c.logLevel).toBe('info');
    expect(c.runWorker).toBe(true);
    expect(c.supervisorIntervalSeconds).toBe(60);
    expect(c.mutationRateLimitPerMinute).toBe(600);
  });

  it('reads every variable', async () => {
    const c = await load({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/wheelhouse',
      WHEELHOUSE_BOOTSTRAP_TOKEN: 'a-long-enough-bootstrap-token',
      WHEELHOUSE_SECRET_KEY: 'ab'.repeat(32),
      DOCKER_HOST: 'tcp://docker:2375',
      KUBECONFIG: '/etc/kube.yaml',
      LOG_LEVEL: 'debug',
      WHEELHOUSE_WORKER: 'false',
      WHEELHOUSE_SUPERVISOR_INTERVAL_SECONDS: '5',
      WHEELHOUSE_MUTATION_RATE_LIMIT: '10',
    });
    expect(c.port).toBe(0);
    expect(c.host).toBe('0.0.0.0');
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/wheelhouse' });
    expect(c.bootstrapToken).toBe('a-long-enough-bootstrap-token');
    expect(c.secretKey).toBe('ab'.repeat(32));
    expect(c.dockerHost).toBe('tcp://docker:2375');
    expect(c.kubeconfig).toBe('/etc/kube.yaml');
    expect(c.logLevel).toBe('debug');
    expect(c.runWorker).toBe(false);
    expect(c.supervisorIntervalSeconds).toBe(5);
    expect(c.mutationRateLimitPerMinute).toBe(10);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads WHEELHOUSE_WORKER=%s as %s', async (raw, want) => {
    expect((await load({ WHEELHOUSE_WORKER: raw })).runWorker).toBe(want);
  });

  it('reads WHEELHOUSE_DOCKER_LABELS as labels for every Docker provider, and names a bad one', async () => {
    expect((await load({})).dockerLabels).toEqual({});
    expect((await load({ WHEELHOUSE_DOCKER_LABELS: 'team=payments, dev.example/run=42,empty=' })).dockerLabels).toEqual(
      {
        team: 'payments',
        'dev.example/run': '42',
        empty: '',
      },
    );
    const noValue = await configError({ WHEELHOUSE_DOCKER_LABELS: 'team' });
    expect(noValue.message).toContain('WHEELHOUSE_DOCKER_LABELS');
    expect(noValue.message).toContain('"team" is not key=value');
    const reserved = await configError({ WHEELHOUSE_DOCKER_LABELS: 'wheelhouse.instance=x' });
    expect(reserved.message).toContain('keys under wheelhouse. are reserved');
  });

  it('accepts postgresql:// and a base64 secret key', async () => {
    const c = await load({
      DATABASE_URL: 'postgresql://h/db',
      WHEELHOUSE_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(c.database.kind).toBe('postgres');
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'not-a-url' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x/y' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://host' }],
    ['WHEELHOUSE_BOOTSTRAP_TOKEN', { WHEELHOUSE_BOOTSTRAP_TOKEN: 'short' }],
    ['WHEELHOUSE_SECRET_KEY', { WHEELHOUSE_SECRET_KEY: 'not-a-key' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['WHEELHOUSE_WORKER', { WHEELHOUSE_WORKER: 'maybe' }],
    ['WHEELHOUSE_SUPERVISOR_INTERVAL_SECONDS', { WHEELHOUSE_SUPERVISOR_INTERVAL_SECONDS: '0' }],
    ['WHEELHOUSE_MUTATION_RATE_LIMIT', { WHEELHOUSE_MUTATION_RATE_LIMIT: 'lots' }],
  ])('rejects a bad %s with a one-line ConfigError naming it', async (setting, env) => {
    const err = await configError(env);
    expect(err.setting).toBe(setting);
    expect(err.message.startsWith(`${setting}: `)).toBe(true);
    expect(err.message).not.toContain('\n');
  });

  it('rejects a data dir that is a file, or under a file', async () => {
    const file = await providersFile('plain-file', 'x');
    const a = await configError({ WHEELHOUSE_DATA_DIR: file });
    expect(a.setting).toBe('WHEELHOUSE_DATA_DIR');
    expect(a.message).toContain('is not a directory');
    const b = await configError({ WHEELHOUSE_DATA_DIR: join(file, 'sub') });
    expect(b.setting).toBe('WHEELHOUSE_DATA_DIR');
  });

  it('does not touch the data dir when DATABASE_URL names a server', async () => {
    const file = await providersFile('also-a-file', 'x');
    const c = await load({ WHEELHOUSE_DATA_DIR: join(file, 'sub'), DATABASE_URL: 'postgres://h/db' });
    expect(c.database.kind).toBe('postgres');
  });

  describe('WHEELHOUSE_PROVIDERS', () => {
    it('reads a YAML list of connections with defaults filled in', async () => {
      const path = await providersFile(
        'providers.yaml',
        [
          'providers:',
          '  - key: local',
          '    type: docker',
          '    options: { host: unix:///var/run/docker.sock }',
          '  - key: eu-cluster',
          '    type: kubernetes',
          '    credential: eu-kube',
          '    region: eu-west-1',
          '    default: true',
        ].join('\n'),
      );
      const c = await load({ WHEELHOUSE_PROVIDERS: path });
      expect(c.providers).toEqual([
        { key: 'local', type: 'docker', options: { host: 'unix:///var/run/docker.sock' }, default: false },
        {
          key: 'eu-cluster',
          type: 'kubernetes',
          options: {},
          credential: 'eu-kube',
          region: 'eu-west-1',
          default: true,
        },
      ]);
    });

    it('reads a bare JSON array too', async () => {
      const path = await providersFile('providers.json', JSON.stringify([{ key: 'd', type: 'docker' }]));
      const c = await load({ WHEELHOUSE_PROVIDERS: path });
      expect(c.providers).toEqual([{ key: 'd', type: 'docker', options: {}, default: false }]);
    });

    it.each([
      ['a missing file', null, /cannot read .*\(ENOENT\)/],
      ['invalid YAML', 'providers: [\n  - key: a\n  type: ][', /is not valid YAML\/JSON/],
      // zod reports a failed union at the root, so this names the setting and the file but not the field
      ['an unknown type', 'providers:\n  - key: a\n    type: nomad\n', /bad-an unknown type\.yaml: /],
      ['a bad key', 'providers:\n  - key: Not Valid\n    type: docker\n', /providers\.0\.key/],
      [
        'a duplicate key',
        'providers:\n  - { key: a, type: docker }\n  - { key: a, type: kubernetes }\n',
        /duplicate key "a"/,
      ],
      [
        'two defaults',
        '- { key: a, type: docker, default: true }\n- { key: b, type: docker, default: true }\n',
        /more than one/,
      ],
      ['a scalar', 'hello', /\(root\)/],
    ])('rejects %s with one line naming WHEELHOUSE_PROVIDERS', async (name, text, pattern) => {
      const path = text === null ? join(dir, 'does-not-exist.yaml') : await providersFile(`bad-${name}.yaml`, text);
      const err = await configError({ WHEELHOUSE_PROVIDERS: path });
      expect(err.setting).toBe('WHEELHOUSE_PROVIDERS');
      expect(err.message).toMatch(/^WHEELHOUSE_PROVIDERS: /);
      expect(err.message).toMatch(pattern);
      expect(err.message).not.toContain('\n');
    });
  });
});
