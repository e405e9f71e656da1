import { useEffect, useState } from 'react';
import { useMutation, useQuery, useSubscription } from 'urql';
import { ageText, Badge, bytesText, Pager, Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import {
  BackupVolumeDocument,
  ConsoleInstanceBackupsDocument,
  ConsoleInstancesDocument,
  type ConsoleVolumeBackupFieldsFragment,
  type OperationFieldsFragment,
  RestoreVolumeDocument,
  WatchOperationUpdatesDocument,
} from '../generated/graphql.js';
import type { InstanceData } from './instance-page.js';

const PAGE = 10;
const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELED']);
/** How often the ages are drawn again. */
const AGE_TICK_MS = 15_000;

type Backup = ConsoleVolumeBackupFieldsFragment;
type Consistency = 'STOP' | 'LIVE';

/**
 * An instance's volume backups (docs/backups.md), newest first, a page at a
 * time (keyset: the next page starts after the last row's cursor): each one's
 * volume, status, consistency, size, age, checksum, schedule and expiry. With
 * scope deploy: "Back up now" per volume, and Restore on each succeeded backup
 * (confirmed first; into this instance or another of the tenant). A running
 * backup's step and status follow its operation's updates; the page re-reads
 * on the instance's events (`version`), where a backup's end is one.
 */
export function BackupsPanel({ instance, version }: { instance: InstanceData; version: number }) {
  const canDeploy = useCan('DEPLOY');
  // The cursors of the pages shown so far: the last is the current page's `after`.
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const volumes = [...new Set(instance.services.flatMap((s) => s.volumes.map((v) => v.name)))];
  // An instance without volumes has nothing to back up: no panel, and no read on each of its events.
  const [{ data, error }, refetch] = useQuery({
    query: ConsoleInstanceBackupsDocument,
    variables: { id: instance.id, first: PAGE, after: pages[pages.length - 1] },
    requestPolicy: 'network-only',
    pause: volumes.length === 0,
  });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const hasVolumes = volumes.length > 0;
  useEffect(() => {
    if (version > 0 && hasVolumes) refetch({ requestPolicy: 'network-only' });
  }, [version, hasVolumes, refetch]);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const [problem, setProblem] = useState<MutationProblem>();
  const [restoring, setRestoring] = useState<Backup>();
  const [restoreOp, setRestoreOp] = useState<OperationFieldsFragment>();
  const connection = data?.instance?.volumeBackups;
  const backups = connection?.edges.map((e) => e.node) ?? [];
  if (!hasVolumes) return null;

  return (
    <Panel
      title="Backups"
      actions={
        canDeploy && volumes.length > 0 ? (
          <BackUpNow
            instanceId={instance.id}
            volumes={volumes}
            onDone={(p) => {
              setProblem(p);
              setPages([undefined]);
              reload();
            }}
          />
        ) : undefined
      }
    >
      <ProblemBanner problem={problem} />
      {/* A failed read says so, rather than passing for an empty list. */}
      {error ? (
        <p className="banner error" role="alert">
          {error.message}
        </p>
      ) : null}
      {restoreOp ? <RestoreStatus key={restoreOp.id} operation={restoreOp} /> : null}
      {restoring ? (
        <RestoreConfirm
          backup={restoring}
          instance={instance}
          onDone={(p, op) => {
            setProblem(p);
            if (op) setRestoreOp(op);
            setRestoring(undefined);
          }}
        />
      ) : null}
      <table className="grid" aria-label="Backups" data-testid="backups">
        <thead>
          <tr>
            <th>Volume</th>
            <th>Status</th>
            <th>Consistency</th>
            <th>Size</th>
            <th>Age</th>
            <th>sha256</th>
            <th>Schedule</th>
            <th>Expires</th>
            {canDeploy ? <th /> : null}
          </tr>
        </thead>
        <tbody>
          {backups.map((b) => (
            <BackupRow
              key={b.id}
              backup={b}
              now={now}
              canDeploy={canDeploy}
              onRestore={() => {
                setProblem(undefined);
                setRestoring(b);
              }}
              onEnded={reload}
            />
          ))}
          {backups.length === 0 ? (
            <tr>
              <td colSpan={canDeploy ? 9 : 8} className="muted">
                No backups yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Pager pages={pages} setPages={setPages} pageInfo={connection?.pageInfo} back="← Newer" next="Older →" />
    </Panel>
  );
}

/** One backup; while it runs, its operation's current step and status, live. */
function BackupRow({
  backup,
  now,
  canDeploy,
  onRestore,
  onEnded,
}: {
  backup: Backup;
  now: number;
  canDeploy: boolean;
  onRestore: () => void;
  onEnded: () => void;
}) {
  const running = backup.status === 'RUNNING';
  const [{ data }] = useSubscription(
    { query: WatchOperationUpdatesDocument, variables: { operationId: backup.operation.id }, pause: !running },
    (_prev, next) => {
      if (TERMINAL.has(next.operationUpdates.status)) onEnded();
      return next;
    },
  );
  const op = running ? data?.operationUpdates : undefined;
  const step = op?.steps.find((s) => s.status === 'RUNNING') ?? op?.steps[op.steps.length - 1];
  return (
    <tr data-backup={backup.id} data-volume={backup.volume} data-status={backup.status}>
      <td>{backup.volume}</td>
      <td data-col="status">
        <Badge value={backup.status} />
        {op ? (
          <span className="muted" data-col="progress">
            {' '}
            {op.status.toLowerCase()}
            {step ? `: ${step.name}${step.message ? ` — ${step.message}` : ''}` : ''}
          </span>
        ) : null}
      </td>
      <td>{backup.consistency}</td>
      <td data-col="size" title={backup.sizeBytes == null ? undefined : `${backup.sizeBytes} bytes`}>
        {bytesText(backup.sizeBytes)}
      </td>
      <td data-col="age">
        <time dateTime={backup.createdAt} title={new Date(backup.createdAt).toISOString()}>
          {ageText(backup.createdAt, now)}
        </time>
      </td>
      <td className="mono" data-col="sha256" title={backup.sha256 ?? undefined}>
        {backup.sha256 ? backup.sha256.slice(0, 12) : '—'}
      </td>
      <td data-col="schedule">{backup.schedule?.name ?? <span className="muted">—</span>}</td>
      <td data-col="expires">
        <Time at={backup.expiresAt} />
      </td>
      {canDeploy ? (
        <td>
          {backup.status === 'SUCCEEDED' ? (
            <button type="button" onClick={onRestore}>
              Restore
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

/** "Back up now": one of the instance's volumes and a consistency (STOP stops what mounts it; LIVE copies as is). */
function BackUpNow({
  instanceId,
  volumes,
  onDone,
}: {
  instanceId: string;
  volumes: string[];
  onDone: (problem: MutationProblem | undefined) => void;
}) {
  const [{ fetching }, backUp] = useMutation(BackupVolumeDocument);
  const [volume, setVolume] = useState(volumes[0] ?? '');
  const [consistency, setConsistency] = useState<Consistency>('STOP');
  const run = async () => {
    const r = await backUp({ input: { instanceId, volume, consistency } });
    onDone(problemOf(r.data?.backupVolume, r.error));
  };
  return (
    <span className="actions" data-testid="backup-now">
      <select aria-label="Volume" value={volume} onChange={(e) => setVolume(e.target.value)}>
        {volumes.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <select
        aria-label="Consistency"
        value={consistency}
        onChange={(e) => setConsistency(e.target.value as Consistency)}
        title="STOP stops the services mounting the volume while it is copied; LIVE copies it as is"
      >
        <option value="STOP">stop the services</option>
        <option value="LIVE">live copy</option>
      </select>
      <button type="button" disabled={fetching || !volume} onClick={() => void run()}>
        Back up now
      </button>
    </span>
  );
}

/** Asks before a restore replaces a volume's content; the target is this instance or another of the tenant. */
function RestoreConfirm({
  backup,
  instance,
  onDone,
}: {
  backup: Backup;
  instance: InstanceData;
  onDone: (problem: MutationProblem | undefined, operation?: OperationFieldsFragment) => void;
}) {
  const [{ data }] = useQuery({ query: ConsoleInstancesDocument, variables: { first: 100 } });
  const [{ fetching }, restore] = useMutation(RestoreVolumeDocument);
  const [target, setTarget] = useState(instance.id);
  const others = (data?.instances.edges.map((e) => e.node) ?? []).filter(
    (i) => i.id !== instance.id && i.state !== 'DESTROYED',
  );
  const targetName = target === instance.id ? instance.name : (others.find((i) => i.id === target)?.name ?? '');
  const run = async () => {
    const r = await restore({
      input: { backupId: backup.id, ...(target === instance.id ? {} : { instanceId: target }) },
    });
    const payload = r.data?.restoreVolume;
    onDone(problemOf(payload, r.error), payload?.__typename === 'RestoreVolumePayload' ? payload.operation : undefined);
  };
  return (
    <div className="confirm" data-testid="restore-confirm">
      Replace the content of volume <strong>{backup.volume}</strong> of{' '}
      <select aria-label="Restore into" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value={instance.id}>{instance.name} (this instance)</option>
        {others.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </select>{' '}
      with the backup of <Time at={backup.createdAt} />? The services mounting it stop and start again.
      <button type="button" className="danger" disabled={fetching} onClick={() => void run()}>
        Yes, restore into {targetName}
      </button>
      <button type="button" onClick={() => onDone(undefined)}>
        Cancel
      </button>
    </div>
  );
}

/** The last restore asked from this panel: its status and step, live until it ends. */
function RestoreStatus({ operation }: { operation: OperationFieldsFragment }) {
  const [{ data }] = useSubscription({
    query: WatchOperationUpdatesDocument,
    variables: { operationId: operation.id },
    pause: TERMINAL.has(operation.status),
  });
  const op = data?.operationUpdates ?? operation;
  const step = op.steps.find((s) => s.status === 'RUNNING') ?? op.steps[op.steps.length - 1];
  return (
    <div className="banner" data-testid="restore-status" data-status={op.status}>
      Restore into {op.instance?.name ?? 'the instance'}: <Badge value={op.status} />
      {step ? <span className="muted"> {step.name}</span> : null}
      {op.error ? (
        <span>
          {' '}
          {op.error.code}: {op.error.message}
        </span>
      ) : null}
    </div>
  );
}
