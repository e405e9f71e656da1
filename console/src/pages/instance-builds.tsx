import { useEffect, useRef, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { Badge, durationText, LiveDot, Panel, Time } from '../components.js';
import {
  BuildDocument,
  type BuildFieldsFragment,
  type BuildLogLineFieldsFragment,
  InstanceBuildsDocument,
  WatchBuildLogsDocument,
} from '../generated/graphql.js';
import { useStream } from '../live.js';
import type { InstanceData } from './instance-page.js';

const ENDED = new Set(['SUCCEEDED', 'FAILED', 'CANCELED']);
const KEEP = 2000;

/** Where a build came from: a commit (short) of a repository, or an uploaded archive's digest. */
function sourceText(b: BuildFieldsFragment): string {
  const s = b.source;
  if (s.kind === 'GIT')
    return `${s.url ?? 'git'}${s.ref ? `#${s.ref}` : ''}${s.commit ? ` @ ${s.commit.slice(0, 12)}` : ''}`;
  return `archive ${s.archiveSha256 ? `sha256:${s.archiveSha256.slice(0, 12)}` : ''}`;
}

/**
 * An instance's builds, newest first (status, service, source commit or
 * archive digest, steps and how many the cache answered, duration, the
 * release that deployed it), re-read whenever the page's event stream moves
 * (`version`). Choosing one opens its log, live while it runs.
 */
export function BuildsPanel({ instance, version }: { instance: InstanceData; version: number }) {
  const [{ data }, refetch] = useQuery({
    query: InstanceBuildsDocument,
    variables: { id: instance.id, first: 10 },
    requestPolicy: 'network-only',
  });
  // `version` is the page's "something changed" signal (its event stream moved).
  useEffect(() => {
    if (version > 0) refetch({ requestPolicy: 'network-only' });
  }, [version, refetch]);
  const builds = data?.instance?.builds.edges.map((e) => e.node) ?? [];
  const [chosen, setChosen] = useState<string>();
  const open = builds.find((b) => b.id === chosen);
  if (builds.length === 0) return null;
  return (
    <Panel title="Builds">
      <table className="grid" data-testid="builds">
        <thead>
          <tr>
            <th>Service</th>
            <th>Status</th>
            <th>Source</th>
            <th>Steps</th>
            <th>Duration</th>
            <th>Release</th>
            <th>Started</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {builds.map((b) => (
            <tr key={b.id} data-build={b.id} data-status={b.status} className={b.id === chosen ? 'current' : undefined}>
              <td>{b.service}</td>
              <td>
                <Badge value={b.status} title={b.error ?? undefined} />
              </td>
              <td className="mono" data-col="source">
                {sourceText(b)}
              </td>
              <td data-col="steps">{b.steps == null ? '—' : `${b.steps} (${b.cachedSteps ?? 0} cached)`}</td>
              <td>{durationText(b.startedAt, b.finishedAt)}</td>
              <td>{b.release ? `v${b.release.version}` : '—'}</td>
              <td>
                <Time at={b.startedAt ?? b.createdAt} />
              </td>
              <td>
                <button type="button" onClick={() => setChosen(b.id === chosen ? undefined : b.id)}>
                  {b.id === chosen ? 'Hide log' : 'Log'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? <BuildLog key={open.id} build={open} /> : null}
    </Panel>
  );
}

/**
 * One build's log: every line from its first, then live while it runs. A
 * dropped socket resumes after the last line shown (no line twice, none
 * lost); the server ends the stream when the build ends, which is asked of
 * the build itself before the view calls it ended (a restart ends streams too).
 */
function BuildLog({ build }: { build: BuildFieldsFragment }) {
  const client = useClient();
  const [lines, setLines] = useState<BuildLogLineFieldsFragment[]>([]);
  const [follow, setFollow] = useState(true);
  const box = useRef<HTMLPreElement>(null);
  const stream = useStream(WatchBuildLogsDocument, {
    key: build.id,
    variables: (after) => ({ buildId: build.id, after: after ?? null }),
    cursorOf: (item) => item.buildLogs.cursor,
    onItem: (item) => setLines((all) => [...all, item.buildLogs].slice(-KEEP)),
    ended: async () => {
      const r = await client.query(BuildDocument, { id: build.id }, { requestPolicy: 'network-only' }).toPromise();
      const node = r.data?.node;
      return node?.__typename === 'Build' && ENDED.has(node.status);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever lines arrive
  useEffect(() => {
    if (follow && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines, follow]);
  return (
    <div className="build-log" data-testid="build-log">
      <div className="panel-actions">
        <span className="mono">{build.image ?? build.id}</span>
        <label className="inline">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
        </label>
        <LiveDot status={stream.status} />
      </div>
      {build.error ? <p className="banner error">{build.error}</p> : null}
      <pre className="logs" ref={box} data-testid="build-log-lines">
        {lines.map((l) => (
          <div key={l.cursor}>{l.line}</div>
        ))}
        {lines.length === 0 ? <span className="muted">No lines yet.</span> : null}
      </pre>
    </div>
  );
}
