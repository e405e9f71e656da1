/**
 * Volume backups (issue 36): the throughput of a 200 MB backup of a volume
 * holding random (incompressible) data, through Wheelhouse (`backupVolume`
 * with `wait`, consistency LIVE: nothing is stopped, so the figure is the copy
 * path — the helper container, the Engine's archive stream, sha256, AES-256-GCM
 * and the write into the backup store — plus the operation's claim and
 * bookkeeping), beside `tar` of the same volume through `docker run` (a
 * container of the same busybox image mounting the volume read-only, `tar` to
 * stdout, read fully by this process), alternated in the same run, median of 3.
 * One STOP backup is measured once more for the notes (its services stopped
 * and started again around the same copy), and once the same tar counted by
 * `wc -c` inside the container: most of the baseline's time is the docker
 * CLI's stdout stream (the container's attach stream), not tar.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { TEST_IMAGES } from '../../test/support/docker-images.js';
import { type BenchRow, fmt, gql, median, ratio } from '../support.js';
import { startDockerBench } from './provision.js';

const RUNS = 3;
const MB = 1024 * 1024;
/** The volume's content: 4 files of 50 MB from /dev/urandom. */
const FILES = 4;
const FILE_MB = 50;

const PROVISION = `mutation BenchBackupInstance($input: ProvisionInstanceInput!) {
  provisionInstance(input: $input) { __typename
    ... on ProvisionInstancePayload { instance { id } } ... on Error { message } } }`;
const BACKUP = `mutation BenchBackup($input: BackupVolumeInput!) { backupVolume(input: $input) { __typename
  ... on BackupVolumePayload { backup { id status sizeBytes } operation { status createdAt startedAt finishedAt steps { name message startedAt finishedAt } } }
  ... on Error { message } } }`;
const DEPROVISION = `mutation BenchBackupDeprovision($input: InstanceActionInput!) {
  deprovisionInstance(input: $input, deleteVolumes: true) { __typename } }`;
const DELETE = `mutation BenchDeleteBackup($input: DeleteVolumeBackupInput!) {
  deleteVolumeBackup(input: $input) { __typename } }`;

type Backed = {
  backupVolume: {
    __typename: string;
    message?: string;
    backup?: { id: string; status: string; sizeBytes: number };
    operation?: {
      status: string;
      createdAt: string;
      startedAt: string;
      finishedAt: string;
      steps: { name: string; message: string | null; startedAt: string; finishedAt: string }[];
    };
  };
};

export async function backupRows(): Promise<BenchRow[]> {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const store = mkdtempSync(join(tmpdir(), 'wh-bench-backups-'));
  const bench = await startDockerBench({ backupDir: store });
  const { w } = bench;
  let instanceId: string | undefined;
  try {
    const r = await gql<{ provisionInstance: { __typename: string; instance?: { id: string } } }>(
      w.url,
      w.token,
      PROVISION,
      {
        input: {
          name: `bench-backup-${Date.now().toString(36)}`,
          wait: true,
          services: [
            {
              name: 'db',
              image: TEST_IMAGES.data,
              command: ['sleep', '3600'],
              volumes: [{ name: 'data', mountPath: '/data' }],
            },
          ],
        },
      },
    );
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload')
      throw new Error(`provisioning the backup bench's instance failed: ${JSON.stringify(r)}`);
    instanceId = r.provisionInstance.instance!.id;
    const id = instanceId;
    const container = await dbContainer(docker, id);
    await exec(
      container,
      `for i in $(seq 1 ${FILES}); do head -c ${FILE_MB * MB} /dev/urandom > /data/blob$i || exit 1; done`,
    );
    const volume = (await container.inspect()).Mounts.find((m) => m.Destination === '/data')?.Name;
    if (!volume) throw new Error('the service has no named volume at /data');

    const viaWheelhouse = async (consistency: 'LIVE' | 'STOP') => {
      const t0 = performance.now();
      const b = await gql<Backed>(w.url, w.token, BACKUP, {
        input: { instanceId: id, volume: 'data', consistency, wait: true },
      });
      const ms = performance.now() - t0;
      const p = b.backupVolume;
      if (p.backup?.status !== 'SUCCEEDED') throw new Error(`the backup did not succeed: ${JSON.stringify(p)}`);
      await gql(w.url, w.token, DELETE, { input: { id: p.backup.id } });
      const op = p.operation!;
      const span = (from: string, to: string) => `${Date.parse(to) - Date.parse(from)} ms`;
      const steps = [
        `queued→claimed ${span(op.createdAt, op.startedAt)}`,
        ...op.steps.map((s) => `${s.name} ${span(s.startedAt, s.finishedAt)} (${s.message ?? ''})`),
        `claimed→ended ${span(op.startedAt, op.finishedAt)}`,
      ].join('; ');
      return { ms, bytes: p.backup.sizeBytes, steps };
    };
    const viaTar = () => tarThroughDockerRun(volume);

    // Warm both paths once (image layers, page cache of the volume's files).
    await viaWheelhouse('LIVE');
    await viaTar();
    const ours: { ms: number; bytes: number }[] = [];
    const theirs: { ms: number; bytes: number }[] = [];
    let steps = '';
    // Alternating, so a change in the machine's load falls on both.
    for (let i = 0; i < RUNS; i++) {
      const a = await viaWheelhouse('LIVE');
      ours.push(a);
      steps = a.steps;
      theirs.push(await viaTar());
    }
    const inside = await tarThroughDockerRun(volume, true);
    const stop = await viaWheelhouse('STOP');
    const rate = (x: { ms: number; bytes: number }) => x.bytes / MB / (x.ms / 1000);
    const a = median(ours.map(rate));
    const b = median(theirs.map(rate));
    return [
      {
        figure: `backupVolume LIVE, ${FILES * FILE_MB} MB random, wait (MB/s, median of ${RUNS})`,
        value: fmt(a),
        baseline: `${fmt(b)} (docker run busybox tar, read fully)`,
        ratio: ratio(a / b),
        goal: '≥ 0.7×',
        met: a / b >= 0.7,
        notes: [
          `wheelhouse runs: ${ours.map((x) => `${fmt(rate(x))} MB/s (${(x.ms / 1000).toFixed(2)} s, ${x.bytes} bytes)`).join(', ')}`,
          `docker run tar runs: ${theirs.map((x) => `${fmt(rate(x))} MB/s (${(x.ms / 1000).toFixed(2)} s, ${x.bytes} bytes)`).join(', ')}`,
          `last LIVE run's steps: ${steps}`,
          `tar counted by wc -c inside the container (no CLI stdout stream), once: ${fmt(rate(inside))} MB/s (${(inside.ms / 1000).toFixed(2)} s, ${inside.bytes} bytes)`,
          `one STOP backup: ${fmt(rate(stop))} MB/s (${(stop.ms / 1000).toFixed(2)} s; ${stop.steps})`,
        ],
      },
    ];
  } finally {
    // With its volume: 200 MB is not left on the engine.
    if (instanceId)
      await gql(w.url, w.token, DEPROVISION, { input: { instanceId, wait: true } }).catch(() => undefined);
    await bench.stop();
    rmSync(store, { recursive: true, force: true });
  }
}

/** The running container of the instance's `db` service. */
async function dbContainer(docker: Dockerode, instanceId: string): Promise<Dockerode.Container> {
  const decoded = Buffer.from(instanceId, 'base64').toString('utf8');
  const local = decoded.slice(decoded.indexOf(':') + 1);
  const [c] = await docker.listContainers({
    filters: { label: [`wheelhouse.instance=${local}`, 'wheelhouse.service=db'] },
  });
  if (!c) throw new Error(`no db container for ${instanceId}`);
  return docker.getContainer(c.Id);
}

/** Runs `script` with sh in `container`; a non-zero exit throws. */
async function exec(container: Dockerode.Container, script: string): Promise<void> {
  const e = await container.exec({ Cmd: ['sh', '-c', script], AttachStdout: true, AttachStderr: true });
  const stream = await e.start({ hijack: true, stdin: false });
  stream.resume();
  await new Promise((r) => stream.on('end', r));
  const { ExitCode } = await e.inspect();
  if (ExitCode !== 0) throw new Error(`${script} exited ${ExitCode}`);
}

/**
 * `docker run --rm -v VOLUME:/volume:ro … tar -cf - -C / volume`, its stdout
 * counted to the end by this process; with `inside`, the tar is counted by
 * `wc -c` in the container instead (the same read without the CLI's stdout
 * stream, for the notes).
 */
function tarThroughDockerRun(volume: string, inside = false): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const tar = ['tar', '-cf', '-', '-C', '/', 'volume'];
  const command = inside ? ['sh', '-c', `${tar.join(' ')} | /bin/busybox wc -c`] : tar;
  const child = spawn(
    'docker',
    [
      'run',
      '--rm',
      '--network',
      'none',
      '-v',
      `${volume}:/volume:ro`,
      '--entrypoint',
      '/bin/busybox',
      TEST_IMAGES.data,
      ...command,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let bytes = 0;
  let out = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => {
    bytes += b.length;
    if (inside) out += b.toString();
  });
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`docker run tar exited ${code}: ${stderr.slice(-500)}`));
      else resolve({ ms: performance.now() - t0, bytes: inside ? Number(out.trim()) : bytes });
    });
  });
}
