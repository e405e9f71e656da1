import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { Badge, LiveDot, Panel, Ready } from '../components.js';
import { useCan } from '../console-context.js';
import { type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import {
  type Capability,
  ConsoleInstanceOperationsDocument,
  ConsoleInstanceRoutesDocument,
  DeprovisionInstanceDocument,
  type EventFieldsFragment,
  EventsDocument,
  InstanceDocument,
  type InstanceFieldsFragment,
  ProvidersDocument,
  ReleasesDocument,
  RestartInstanceDocument,
  StartInstanceDocument,
  StopInstanceDocument,
  WatchInstanceEventsDocument,
  type WatchInstanceEventsSubscription,
} from '../generated/graphql.js';
import { useStream } from '../live.js';
import { useThrottled } from '../throttle.js';
import { AutoscaleCharts } from './autoscale-chart.js';
import { AutoscaleCell, AutoscaleForm } from './instance-autoscale.js';
import { BackupsPanel } from './instance-backups.js';
import { BuildsPanel } from './instance-builds.js';
import { DeployForm, ScaleForm } from './instance-forms.js';
import { EventTimeline, OperationsList, ReleasesTable } from './instance-history.js';
import { JobsPanel } from './instance-jobs.js';
import { InstanceLogs } from './instance-logs.js';
import { RolloutPanel } from './instance-rollout.js';
import { RoutesPanel } from './instance-routes.js';
import { SchedulesPanel } from './instance-schedules.js';

export type InstanceData = InstanceFieldsFragment;

/** Why an action is not offered for this provider, or undefined when it is. */
export type Lacks = (capability: Capability) => string | undefined;

/**
 * One instance: its services with live status and endpoints, its routes, the
 * forms that change it, its releases, operations and events, and its logs. The event
 * stream resumes from the newest event the page shows, and every event
 * re-reads the instance, so the page follows the instance without a reload.
 */
export function InstancePage() {
  const { id = '' } = useParams();
  // Four reads, not one: together they are over the server's query cost limit.
  const [{ data, error }, refetchInstance] = useQuery({ query: InstanceDocument, variables: { id } });
  const [{ data: releases }, refetchReleases] = useQuery({
    query: ReleasesDocument,
    variables: { instanceId: id, first: 20 },
  });
  const [{ data: operations }, refetchOperations] = useQuery({
    query: ConsoleInstanceOperationsDocument,
    variables: { id, first: 10 },
  });
  // The history up to now, read once: after it, the stream delivers every event.
  const [{ data: history }] = useQuery({
    query: EventsDocument,
    variables: { first: 50, filter: { instanceId: id } },
    requestPolicy: 'network-only',
  });
  const [{ data: providers }] = useQuery({ query: ProvidersDocument });
  const [{ data: routes }, refetchRoutes] = useQuery({ query: ConsoleInstanceRoutesDocument, variables: { id } });
  const reloadRoutes = useCallback(() => refetchRoutes({ requestPolicy: 'network-only' }), [refetchRoutes]);
  const refresh = useThrottled(() => {
    refetchInstance({ requestPolicy: 'network-only' });
    refetchReleases({ requestPolicy: 'network-only' });
    refetchOperations({ requestPolicy: 'network-only' });
    reloadRoutes();
  }, 250);
  const [liveEvents, setLiveEvents] = useState<EventFieldsFragment[]>([]);
  const instance = data?.instance;
  const start = history ? (history.events.edges[0]?.cursor ?? '0') : undefined;
  const stream = useStream(WatchInstanceEventsDocument, {
    key: id,
    enabled: start !== undefined,
    start,
    variables: (cursor) => ({ instanceId: id, after: cursor }),
    cursorOf: (e: WatchInstanceEventsSubscription) => e.instanceEvents.cursor,
    isLast: (e) => e.instanceEvents.toState === 'DESTROYED',
    onItem: (e) => {
      setLiveEvents((list) => [e.instanceEvents, ...list]);
      refresh();
    },
  });
  const events = useMemo(() => {
    // Live events first (newest first), then the page's first read; an event in both shows once.
    const byId = new Map<string, EventFieldsFragment>();
    for (const e of [...liveEvents, ...(history?.events.edges.map((edge) => edge.node) ?? [])]) {
      if (!byId.has(e.id)) byId.set(e.id, e);
    }
    return [...byId.values()];
  }, [liveEvents, history]);

  const provider = providers?.providers.find((p) => p.key === instance?.provider?.key);
  const lacks: Lacks = (capability) =>
    provider && !provider.capabilities.includes(capability)
      ? `provider ${provider.key} does not support ${capability}`
      : undefined;

  if (error) return <p className="banner error">{error.message}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  if (!instance) {
    return (
      <p className="banner error">
        No such instance. <Link to="/instances">Back to the list</Link>
      </p>
    );
  }
  return (
    <div className="instance" data-instance={instance.name}>
      <InstanceHeader instance={instance} streamStatus={stream.status} onChanged={refresh} />
      <RolloutPanel operationId={operations?.instance?.operations.edges[0]?.node.id} onChanged={refresh} />
      {instance.sourceType === 'SERVICES' ? (
        <>
          <ServicesPanel instance={instance} live={liveEvents} />
          <BuildsPanel instance={instance} version={liveEvents.length} />
          <JobsPanel instance={instance} version={liveEvents.length} />
          <SchedulesPanel instance={instance} version={liveEvents.length} />
          <BackupsPanel instance={instance} version={liveEvents.length} />
          <RoutesPanel
            instance={instance}
            routes={routes?.instance?.routes}
            lacks={lacks}
            reload={reloadRoutes}
            onChanged={refresh}
          />
        </>
      ) : (
        <ObjectsPanel instance={instance} />
      )}
      <div className="columns">
        <DeployForm instance={instance} lacks={lacks} onChanged={refresh} />
        <ScaleForm instance={instance} lacks={lacks} onChanged={refresh} />
        {instance.sourceType === 'SERVICES' ? (
          <AutoscaleForm instance={instance} lacks={lacks} onChanged={refresh} />
        ) : null}
      </div>
      <ReleasesTable
        instance={instance}
        releases={releases?.releases.edges.map((e) => e.node) ?? []}
        lacks={lacks}
        onChanged={refresh}
      />
      <OperationsList
        operations={operations?.instance?.operations.edges.map((e) => e.node) ?? []}
        onChanged={refresh}
      />
      <div className="columns">
        <EventTimeline events={events} status={stream.status} reconnects={stream.reconnects} />
        <InstanceLogs instance={instance} lacks={lacks} />
      </div>
    </div>
  );
}

function InstanceHeader({
  instance,
  streamStatus,
  onChanged,
}: {
  instance: InstanceData;
  streamStatus: string;
  onChanged: () => void;
}) {
  const canDeploy = useCan('DEPLOY');
  const [problem, setProblem] = useState<MutationProblem>();
  const [confirming, setConfirming] = useState(false);
  const [, start] = useMutation(StartInstanceDocument);
  const [, stop] = useMutation(StopInstanceDocument);
  const [, restart] = useMutation(RestartInstanceDocument);
  const [, destroy] = useMutation(DeprovisionInstanceDocument);
  const input = { input: { instanceId: instance.id } };
  const run = async (action: 'start' | 'stop' | 'restart' | 'destroy') => {
    setProblem(undefined);
    const r =
      action === 'start'
        ? await start(input).then((x) => problemOf(x.data?.startInstance, x.error))
        : action === 'stop'
          ? await stop(input).then((x) => problemOf(x.data?.stopInstance, x.error))
          : action === 'restart'
            ? await restart(input).then((x) => problemOf(x.data?.restartInstance, x.error))
            : await destroy(input).then((x) => problemOf(x.data?.deprovisionInstance, x.error));
    setProblem(r);
    setConfirming(false);
    onChanged();
  };
  const gone = instance.state === 'DESTROYED' || instance.desiredState === 'DESTROYED';
  return (
    <Panel
      title={instance.name}
      actions={
        canDeploy && !gone ? (
          <div className="actions" data-testid="instance-actions">
            <button type="button" onClick={() => void run('start')} disabled={instance.desiredState === 'RUNNING'}>
              Start
            </button>
            <button type="button" onClick={() => void run('stop')} disabled={instance.desiredState === 'STOPPED'}>
              Stop
            </button>
            <button type="button" onClick={() => void run('restart')}>
              Restart
            </button>
            {confirming ? (
              <span className="confirm">
                Destroy {instance.name} and everything it runs?
                <button type="button" className="danger" onClick={() => void run('destroy')}>
                  Yes, destroy
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Cancel
                </button>
              </span>
            ) : (
              <button type="button" className="danger" onClick={() => setConfirming(true)}>
                Destroy…
              </button>
            )}
          </div>
        ) : undefined
      }
    >
      <dl className="facts">
        <dt>State</dt>
        <dd data-testid="instance-state" data-state={instance.state} data-ready={String(instance.ready)}>
          <Badge value={instance.state} /> <Ready ready={instance.ready} />
          {instance.message ? <span className="muted"> {instance.message}</span> : null}
        </dd>
        <dt>Desired</dt>
        <dd>{instance.desiredState}</dd>
        <dt>Provider</dt>
        <dd>{instance.provider?.key ?? '—'}</dd>
        <dt>Release</dt>
        <dd data-testid="current-release">{instance.currentRelease ? `v${instance.currentRelease.version}` : '—'}</dd>
        <dt>Version</dt>
        <dd>
          {instance.version}{' '}
          <span
            className="muted"
            title="Version: pass it as expectedVersion to change the instance only if nobody changed it since. Each change to what the instance should run is numbered; the supervisor reports the last one it brought about."
          >
            {instance.observedGeneration === instance.generation
              ? `(change ${instance.generation} applied)`
              : `(applying change ${instance.generation}; ${instance.observedGeneration} applied)`}
          </span>
        </dd>
        <dt>Events</dt>
        <dd>
          <LiveDot status={streamStatus} />
        </dd>
      </dl>
      <ProblemBanner problem={problem} />
    </Panel>
  );
}

/** A source instance (manifests, Helm, Argo CD): the objects it applied, with their readiness. */
function ObjectsPanel({ instance }: { instance: InstanceData }) {
  return (
    <Panel title={`Objects (${instance.sourceType.toLowerCase()} source)`}>
      <table className="grid" data-testid="objects">
        <thead>
          <tr>
            <th>Kind</th>
            <th>Name</th>
            <th>Namespace</th>
            <th>Ready</th>
            <th>Message</th>
          </tr>
        </thead>
        <tbody>
          {instance.objects.map((o) => (
            <tr key={`${o.apiVersion}/${o.kind}/${o.namespace ?? ''}/${o.name}`} data-object={`${o.kind}/${o.name}`}>
              <td>{o.kind}</td>
              <td className="mono">{o.name}</td>
              <td>{o.namespace ?? '-'}</td>
              <td data-col="ready">{o.ready == null ? '-' : <Ready ready={o.ready} />}</td>
              <td>{o.message ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

/**
 * The image that serves (the current release's), and `→ new` while the spec
 * names another (a canary or blue-green in progress): never the new image shown
 * under the old release.
 */
function ServiceImage({ name, image, instance }: { name: string; image: string; instance: InstanceData }) {
  const serving = instance.currentRelease?.snapshots.find((x) => x.name === name)?.image;
  if (!serving || serving === image) return <>{image}</>;
  return (
    <span title="the current release serves the first; the second is being rolled out">
      {serving} <span className="muted">→</span> <span data-next-image={image}>{image}</span>
    </span>
  );
}

function ServicesPanel({ instance, live }: { instance: InstanceData; live: EventFieldsFragment[] }) {
  return (
    <Panel title="Services">
      <table className="grid" data-testid="services">
        <thead>
          <tr>
            <th>Service</th>
            <th>Role</th>
            <th>Image</th>
            <th>State</th>
            <th>Ready</th>
            <th>Restarts</th>
            <th>Autoscale</th>
            <th>Endpoints</th>
          </tr>
        </thead>
        <tbody>
          {instance.services.map((s) => (
            <tr key={s.name} data-service={s.name}>
              <td>{s.name}</td>
              <td>{s.role.toLowerCase()}</td>
              <td className="mono" data-col="image">
                <ServiceImage name={s.name} image={s.image} instance={instance} />
              </td>
              <td>
                <Badge value={s.status.state} title={s.status.message ?? undefined} />
              </td>
              <td data-col="ready">
                <Ready ready={s.status.ready} />
              </td>
              <td>{s.status.restarts}</td>
              <td>
                <AutoscaleCell service={s} />
              </td>
              <td>
                {instance.endpoints
                  .filter((e) => e.serviceName === s.name)
                  .map((e) => (
                    // One address per line: two inline links read as one long URL.
                    <div key={e.url} data-endpoint={e.url}>
                      <a href={e.url} target="_blank" rel="noreferrer" className="mono">
                        {e.url}
                      </a>
                    </div>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AutoscaleCharts instance={instance} live={live} />
    </Panel>
  );
}
