import type { ConsoleProviderEdgesQuery } from '../generated/graphql.js';

/** A provider's edge as `Provider.edge` gives it. */
export type EdgeData = NonNullable<ConsoleProviderEdgesQuery['providers'][number]['edge']>;

/**
 * Where a provider serves its routes (docs/edge.md): the edge's kind, health,
 * addresses and the domain generated hosts end in. A provider with no edge
 * (null) shows nothing: its routes are refused, and the capability list says so.
 */
export function ProviderEdge({ edge }: { edge: EdgeData | null | undefined }) {
  if (!edge) return null;
  return (
    <div className="edge" data-testid="provider-edge" data-healthy={String(edge.healthy)}>
      <h4>
        Edge <span className="mono muted">{edge.kind}</span>{' '}
        <span className={`badge ${edge.healthy ? 'ok' : 'bad'}`}>{edge.healthy ? 'serving' : 'down'}</span>
        {edge.message ? <span className="muted small"> {edge.message}</span> : null}
      </h4>
      <dl className="facts">
        <dt>HTTP</dt>
        <dd className="mono">{edge.httpAddress ?? '—'}</dd>
        <dt>HTTPS</dt>
        <dd className="mono">{edge.httpsAddress ?? '—'}</dd>
        <dt>Domain</dt>
        <dd className="mono" title={`generated hosts: <service>-<instance>-<tenant>.${edge.domain}`}>
          *.{edge.domain}
        </dd>
      </dl>
    </div>
  );
}
