import { type FormEvent, useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { Badge, Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { type AuditFilter, AuditLogDocument, VerifyAuditLogDocument } from '../generated/graphql.js';

/** How often the log re-reads while it is on screen: new entries appear without a reload. */
const LIVE_MS = 2_000;

/** The form's fields, as typed (times in the browser's local time). */
interface Filters {
  actorId: string;
  action: string;
  targetId: string;
  since: string;
  until: string;
}

const NO_FILTERS: Filters = { actorId: '', action: '', targetId: '', since: '', until: '' };

/** The API's filter of what the form holds: empty fields left out, local times as ISO instants. */
function filterOf(f: Filters): AuditFilter {
  const at = (v: string) => (v ? new Date(v).toISOString() : undefined);
  return {
    ...(f.actorId.trim() ? { actorId: f.actorId.trim() } : {}),
    ...(f.action.trim() ? { action: f.action.trim() } : {}),
    ...(f.targetId.trim() ? { targetId: f.targetId.trim() } : {}),
    ...(f.since ? { since: at(f.since) } : {}),
    ...(f.until ? { until: at(f.until) } : {}),
  };
}

/** The tenant's audit log (AUDIT, or ADMIN): filters, the newest entries live, and the chain's verification. */
export function AuditPage() {
  const audit = useCan('AUDIT');
  const admin = useCan('ADMIN');
  const allowed = audit || admin;
  const [form, setForm] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [{ data, error }, refetch] = useQuery({
    query: AuditLogDocument,
    variables: { first: 100, filter: filterOf(applied) },
    pause: !allowed,
  });
  const [verification, verify] = useQuery({ query: VerifyAuditLogDocument, pause: true });
  useEffect(() => {
    if (!allowed) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), LIVE_MS);
    return () => clearInterval(timer);
  }, [refetch, allowed]);
  if (!allowed) return <p className="banner error">The audit log needs the AUDIT (or ADMIN) scope.</p>;

  const entries = data?.auditLog.edges.map((e) => e.node) ?? [];
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(form);
  };
  const v = verification.data?.verifyAuditLog;
  return (
    <>
      <Panel title="Filter">
        <form onSubmit={submit} className="form" aria-label="Audit filter">
          <div className="row">
            <label>
              Actor
              <input
                name="actorId"
                value={form.actorId}
                onChange={set('actorId')}
                placeholder="token id or autoscaler"
              />
            </label>
            <label>
              Action
              <input name="action" value={form.action} onChange={set('action')} placeholder="createApiToken" />
            </label>
            <label>
              Target
              <input name="targetId" value={form.targetId} onChange={set('targetId')} placeholder="an object's id" />
            </label>
            <label>
              Since
              <input name="since" type="datetime-local" value={form.since} onChange={set('since')} />
            </label>
            <label>
              Until
              <input name="until" type="datetime-local" value={form.until} onChange={set('until')} />
            </label>
          </div>
          <button type="submit">Apply</button>{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              setForm(NO_FILTERS);
              setApplied(NO_FILTERS);
            }}
          >
            Clear
          </button>
        </form>
      </Panel>
      <Panel
        title="Audit log"
        actions={
          <>
            <span className="muted">live · newest first</span>{' '}
            <button type="button" onClick={() => verify({ requestPolicy: 'network-only' })}>
              Verify chain
            </button>
          </>
        }
      >
        {v ? (
          <p className={`banner ${v.valid ? 'ok' : 'error'}`} role="status">
            {v.valid
              ? `The chain verifies: ${v.entries} entries.`
              : `Entry ${v.firstInvalidId} was altered or removed (${v.entries} checked).`}
          </p>
        ) : null}
        {error ? <p className="banner error">{error.message}</p> : null}
        <table className="grid" aria-label="Audit entries">
          <thead>
            <tr>
              <th>At</th>
              <th>Actor</th>
              <th>Action</th>
              <th>Outcome</th>
              <th>Targets</th>
              <th>IP</th>
              <th>Request</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>
                  <Time at={e.at} />
                </td>
                <td title={e.actor.id}>
                  {e.actor.kind === 'SYSTEM' ? `system: ${e.actor.id}` : (e.actor.name ?? e.actor.id)}
                  <div className="muted">{e.actor.kind.toLowerCase()}</div>
                </td>
                <td className="mono">{e.action}</td>
                <td>
                  <Badge value={e.outcome.toLowerCase()} title={e.errorType ?? undefined} />
                  {e.errorType ? <div className="muted">{e.errorType}</div> : null}
                </td>
                <td className="mono">
                  {e.targetIds.map((id) => (
                    <div key={id}>{id}</div>
                  ))}
                </td>
                <td className="mono">{e.ip ?? ''}</td>
                <td className="mono muted">{e.requestId ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {entries.length === 0 && data ? <p className="muted">No entries.</p> : null}
      </Panel>
    </>
  );
}
