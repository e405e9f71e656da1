import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { Badge, Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import { ConsoleRemoveRouteDocument, type ConsoleRouteFieldsFragment } from '../generated/graphql.js';
import type { InstanceData, Lacks } from './instance-page.js';
import { AddRouteForm } from './instance-route-form.js';

/** How often a page with a PENDING route re-reads its routes: the cadence of the console's other live views. */
const PENDING_MS = 2_000;

/**
 * An instance's routes (docs/edge.md): each stable address as a link, what it
 * routes to, its TLS and what the edge made of it; with scope deploy, a form to
 * add one and a confirmed remove. The page re-reads the routes whenever it
 * refreshes (every event of the instance); a route the edge has not taken yet
 * (PENDING) changes no instance event, so while one is shown the routes alone
 * are re-read every 2 s, and no longer once none is.
 */
export function RoutesPanel({
  instance,
  routes,
  lacks,
  reload,
  onChanged,
}: {
  instance: InstanceData;
  routes: readonly ConsoleRouteFieldsFragment[] | undefined;
  lacks: Lacks;
  /** Re-reads the routes only. */
  reload: () => void;
  onChanged: () => void;
}) {
  const canDeploy = useCan('DEPLOY');
  const [problem, setProblem] = useState<MutationProblem>();
  const [confirming, setConfirming] = useState<string>();
  const [{ fetching: removing }, remove] = useMutation(ConsoleRemoveRouteDocument);
  const pending = routes?.some((r) => r.status === 'PENDING') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, PENDING_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);
  const gone = instance.state === 'DESTROYED' || instance.desiredState === 'DESTROYED';
  // A provider with no edge serves no route: say so once instead of offering a form that cannot work.
  const noEdge = lacks('CUSTOM_DOMAINS');
  const canAdd = canDeploy && !gone && noEdge === undefined;

  const removeRoute = async (routeId: string) => {
    setProblem(undefined);
    const r = await remove({ input: { routeId } });
    setProblem(problemOf(r.data?.removeRoute, r.error));
    setConfirming(undefined);
    reload();
    onChanged();
  };
  if (noEdge && routes?.length === 0) {
    return (
      <Panel title="Routes">
        <p className="muted" data-testid="routes">
          No routes: provider {instance.provider?.key} has no edge to serve them.
        </p>
      </Panel>
    );
  }
  return (
    <Panel title="Routes">
      <table className="grid" aria-label="Routes" data-testid="routes">
        <thead>
          <tr>
            <th>Address</th>
            <th>Service</th>
            <th>Host / path</th>
            <th>TLS</th>
            <th>Status</th>
            {canDeploy ? <th /> : null}
          </tr>
        </thead>
        <tbody>
          {routes === undefined ? (
            <tr>
              <td colSpan={6} className="empty">
                Loading…
              </td>
            </tr>
          ) : routes.length === 0 ? (
            <tr>
              <td colSpan={6} className="empty">
                No routes: {instance.name} has no stable address yet.{canAdd ? ' Add one below.' : null}
              </td>
            </tr>
          ) : (
            routes.map((r) => (
              <tr key={r.id} data-route={`${r.host}${r.pathPrefix}`} data-status={r.status}>
                <td>
                  <a href={r.url} target="_blank" rel="noreferrer" className="mono" data-col="url">
                    {r.url}
                  </a>
                </td>
                <td className="mono">
                  {r.service}:{r.port}
                </td>
                <td>
                  <span className="mono">{r.host}</span>
                  <span className="mono muted">{r.pathPrefix === '/' ? '' : r.pathPrefix}</span>{' '}
                  <span className="muted small">{r.custom ? 'custom' : 'generated'}</span>
                </td>
                <td data-col="tls">
                  <RouteTls tls={r.tls} />
                </td>
                <td data-col="status">
                  <Badge value={r.status} title={r.message ?? undefined} />
                  {r.message ? <div className="field-error">{r.message}</div> : null}
                </td>
                {canDeploy ? (
                  <td className="row-actions">
                    {confirming === r.id ? (
                      <span className="confirm">
                        Remove this route?
                        <button
                          type="button"
                          className="danger"
                          disabled={removing}
                          onClick={() => void removeRoute(r.id)}
                        >
                          Yes, remove
                        </button>
                        <button type="button" onClick={() => setConfirming(undefined)}>
                          Cancel
                        </button>
                      </span>
                    ) : (
                      <button type="button" className="danger" onClick={() => setConfirming(r.id)}>
                        Remove…
                      </button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <ProblemBanner problem={problem} />
      {canAdd ? (
        <AddRouteForm
          instance={instance}
          lacks={lacks}
          onAdded={() => {
            reload();
            onChanged();
          }}
        />
      ) : null}
    </Panel>
  );
}

/** HTTPS or plain HTTP; for HTTPS, where the certificate comes from and when it expires (never the key). */
function RouteTls({ tls }: { tls: ConsoleRouteFieldsFragment['tls'] }) {
  if (!tls) return <span className="muted">HTTP</span>;
  const source = tls.source === 'EDGE_CA' ? 'edge CA' : `vault ${tls.secretKey ?? ''}`;
  return (
    <span title={tls.issuer ? `issued by ${tls.issuer}` : undefined}>
      <span className="badge ok">HTTPS</span> {source}
      {tls.notAfter ? (
        <div className="muted small">
          until <Time at={tls.notAfter} />
        </div>
      ) : null}
    </span>
  );
}
