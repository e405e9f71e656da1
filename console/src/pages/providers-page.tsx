import { useQuery } from 'urql';
import { Panel, Time } from '../components.js';
import { type Capability, ConsoleProviderEdgesDocument, ProvidersDocument } from '../generated/graphql.js';
import { ProviderEdge } from './provider-edge.js';

/** The actions the console offers, and the capability each needs from a provider. */
const ACTIONS: Array<{ action: string; capability: Capability }> = [
  { action: 'provision', capability: 'PROVISION' },
  { action: 'deploy / roll back', capability: 'DEPLOY' },
  { action: 'scale', capability: 'SCALE' },
  { action: 'logs', capability: 'LOGS' },
  { action: 'exec', capability: 'EXEC' },
  { action: 'volumes', capability: 'VOLUMES' },
  { action: 'routes', capability: 'CUSTOM_DOMAINS' },
  { action: 'HTTPS routes', capability: 'TLS' },
];

/** Every provider with its health, version, edge and capabilities; what it cannot do is shown struck out, with why. */
export function ProvidersPage() {
  const [{ data, error }] = useQuery({ query: ProvidersDocument, requestPolicy: 'network-only' });
  // Apart from the list: an edge is asked of its provider, and the list should not wait for it.
  const [{ data: edges }] = useQuery({ query: ConsoleProviderEdgesDocument, requestPolicy: 'network-only' });
  if (error) return <p className="banner error">{error.message}</p>;
  return (
    <Panel title="Providers">
      <div className="cards">
        {data?.providers.map((p) => (
          <article key={p.key} className="card" data-provider={p.key}>
            <h3>
              {p.key} {p.isDefault ? <span className="badge idle">default</span> : null}
            </h3>
            <p>
              <span className={`badge ${p.health?.healthy ? 'ok' : 'bad'}`}>
                {p.health?.healthy ? 'healthy' : 'unhealthy'}
              </span>{' '}
              {p.health?.latencyMs !== undefined && p.health?.latencyMs !== null ? (
                <span className="muted">{Math.round(p.health.latencyMs)} ms</span>
              ) : null}
              {p.health?.message ? <span className="muted"> {p.health.message}</span> : null}
            </p>
            <dl className="facts">
              <dt>Type</dt>
              <dd>{p.name}</dd>
              <dt>Version</dt>
              <dd>{p.version ?? '—'}</dd>
              <dt>Region</dt>
              <dd>{p.region ?? '—'}</dd>
              <dt>Checked</dt>
              <dd>
                <Time at={p.health?.checkedAt} />
              </dd>
            </dl>
            <ProviderEdge edge={edges?.providers.find((e) => e.key === p.key)?.edge} />
            <ul className="capabilities">
              {ACTIONS.map(({ action, capability }) => {
                const has = p.capabilities.includes(capability);
                return (
                  <li
                    key={capability}
                    className={has ? 'has' : 'lacks'}
                    title={has ? undefined : `${p.key} does not support ${capability}`}
                  >
                    {action}
                    {has ? null : <span className="muted"> — not supported by {p.name}</span>}
                  </li>
                );
              })}
            </ul>
            <p className="muted small">{p.capabilities.join(' · ')}</p>
          </article>
        ))}
      </div>
    </Panel>
  );
}
