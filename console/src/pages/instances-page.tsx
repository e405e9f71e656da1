import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Badge, LiveDot, Pager, Panel, Ready, Time } from '../components.js';
import { useCan } from '../console-context.js';
import {
  ConsoleInstancesDocument,
  type InstanceFilter,
  type InstanceState,
  WatchEventsDocument,
  type WatchEventsSubscription,
} from '../generated/graphql.js';
import { useStream } from '../live.js';
import { useThrottled } from '../throttle.js';

const STATES: InstanceState[] = [
  'PROVISIONING',
  'STARTING',
  'RUNNING',
  'STOPPING',
  'STOPPED',
  'FAILED',
  'DESTROYING',
  'DESTROYED',
];
const PAGE_SIZE = 20;

/**
 * The instances table. It follows the tenant's event feed and re-reads the
 * page it shows when an event arrives, so states, readiness, releases and
 * operations change in place without a reload.
 */
export function InstancesPage() {
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') ?? '') as InstanceState | '';
  const namePrefix = params.get('name') ?? '';
  // Cursors of the pages before this one (forward-only keyset pagination: "previous" pops).
  const [pages, setPages] = useState<Array<string | undefined>>([undefined]);
  const after = pages[pages.length - 1];
  const filter: InstanceFilter = { ...(state ? { state } : {}), ...(namePrefix ? { namePrefix } : {}) };
  const [{ data, error, fetching }, refetch] = useQuery({
    query: ConsoleInstancesDocument,
    variables: { first: PAGE_SIZE, after, filter },
  });
  const refresh = useThrottled(() => refetch({ requestPolicy: 'network-only' }), 250);
  const feed = useStream(WatchEventsDocument, {
    key: 'tenant-feed',
    variables: (cursor) => ({ after: cursor }),
    cursorOf: (e: WatchEventsSubscription) => e.events.cursor,
    onItem: refresh,
  });
  const canProvision = useCan('DEPLOY');

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPages([undefined]);
  };
  const rows = data?.instances.edges ?? [];
  const pageInfo = data?.instances.pageInfo;

  return (
    <Panel
      title="Instances"
      actions={
        <>
          <LiveDot status={feed.status} />
          {canProvision ? (
            <Link className="button" to="/provision">
              Provision
            </Link>
          ) : null}
        </>
      }
    >
      <div className="filters">
        <label>
          State
          <select name="state" value={state} onChange={(e) => setFilter('state', e.target.value)}>
            <option value="">any</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Name starts with
          <input
            name="namePrefix"
            value={namePrefix}
            onChange={(e) => setFilter('name', e.target.value)}
            placeholder="e.g. web-"
          />
        </label>
      </div>
      {error ? <p className="banner error">{error.message}</p> : null}
      <table className="grid" data-testid="instances">
        <thead>
          <tr>
            <th>Name</th>
            <th>Provider</th>
            <th>State</th>
            <th>Ready</th>
            <th>Release</th>
            <th>Last operation</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ node }) => (
            <tr key={node.id} data-instance={node.name}>
              <td>
                <Link to={`/instances/${encodeURIComponent(node.id)}`}>{node.name}</Link>
              </td>
              <td>{node.provider?.key ?? '—'}</td>
              <td data-col="state">
                <Badge value={node.state} />
              </td>
              <td data-col="ready">
                <Ready ready={node.ready} />
              </td>
              <td data-col="release">{node.currentRelease ? `v${node.currentRelease.version}` : '—'}</td>
              <td data-col="operation">
                {node.lastOperation ? (
                  <>
                    {node.lastOperation.kind.toLowerCase()} <Badge value={node.lastOperation.status} />
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <Time at={node.updatedAt} />
              </td>
            </tr>
          ))}
          {rows.length === 0 && !fetching ? (
            <tr>
              <td colSpan={7} className="empty">
                No instances{state || namePrefix ? ' match this filter' : ' yet'}.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Pager pages={pages} setPages={setPages} pageInfo={pageInfo} />
    </Panel>
  );
}
