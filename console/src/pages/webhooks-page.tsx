import { type FormEvent, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Badge, Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { FieldError, type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  RedeliverWebhookDeliveryDocument,
  RotateWebhookSecretDocument,
  TestWebhookDocument,
  UpdateWebhookDocument,
  WebhookDeliveriesDocument,
  WebhooksDocument,
} from '../generated/graphql.js';

/** How often the delivery log re-reads while it is on screen (attempts and retries change it). */
const LIVE_MS = 2_000;

/** The tenant's webhooks (ADMIN): create one (its secret is shown once), test, rotate, disable, and the delivery log, live. */
export function WebhooksPage() {
  const allowed = useCan('ADMIN');
  const [{ data, error }, refetch] = useQuery({ query: WebhooksDocument, variables: { first: 50 }, pause: !allowed });
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState('');
  const [description, setDescription] = useState('');
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<MutationProblem>();
  const [selected, setSelected] = useState<string>();
  const [, create] = useMutation(CreateWebhookDocument);
  const [, update] = useMutation(UpdateWebhookDocument);
  const [, remove] = useMutation(DeleteWebhookDocument);
  const [, rotate] = useMutation(RotateWebhookSecretDocument);
  const [, test] = useMutation(TestWebhookDocument);
  const hooks = data?.webhooks.edges.map((e) => e.node) ?? [];
  const shown = selected ?? hooks[0]?.id;
  if (!allowed) return <p className="banner error">Webhooks need the ADMIN scope.</p>;

  const reload = () => refetch({ requestPolicy: 'network-only' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSecret(undefined);
    const eventTypes = types
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const r = await create({ input: { url: url.trim(), eventTypes, description: description.trim() || null } });
    const p = problemOf(r.data?.createWebhook, r.error);
    setProblem(p);
    if (!p && r.data?.createWebhook.__typename === 'CreateWebhookPayload') {
      setSecret(r.data.createWebhook.signingSecret);
      setSelected(r.data.createWebhook.webhook.id);
      setUrl('');
      setTypes('');
      setDescription('');
    }
    reload();
  };
  return (
    <>
      <Panel title="New webhook">
        <form onSubmit={submit} className="form" aria-label="New webhook">
          <div className="row">
            <label>
              URL
              <input name="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…" required />
              <FieldError problem={problem} field="url" />
            </label>
            <label>
              Event types
              <input
                name="eventTypes"
                value={types}
                onChange={(e) => setTypes(e.target.value)}
                placeholder="all; or operation.*, secret.put"
              />
              <FieldError problem={problem} field="eventTypes" />
            </label>
            <label>
              Description
              <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} />
            </label>
          </div>
          <ProblemBanner problem={problem} />
          {secret ? (
            <p className="banner ok">
              Copy this signing secret now, it is not shown again: <code className="mono">{secret}</code>
            </p>
          ) : null}
          <button type="submit">Create webhook</button>
        </form>
      </Panel>
      <Panel title="Webhooks">
        {error ? <p className="banner error">{error.message}</p> : null}
        <table className="grid">
          <thead>
            <tr>
              <th>URL</th>
              <th>Events</th>
              <th>State</th>
              <th>Created</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {hooks.map((w) => (
              <tr key={w.id} className={w.id === shown ? 'selected' : undefined}>
                <td>
                  <button type="button" className="link mono" onClick={() => setSelected(w.id)}>
                    {w.url}
                  </button>
                  {w.description ? <div className="muted">{w.description}</div> : null}
                </td>
                <td className="mono">{w.eventTypes.length ? w.eventTypes.join(' ') : 'all'}</td>
                <td>
                  <Badge value={w.enabled ? 'enabled' : 'disabled'} title={w.disabledReason ?? undefined} />
                  {w.disabledReason ? <div className="muted">{w.disabledReason}</div> : null}
                </td>
                <td>
                  <Time at={w.createdAt} />
                </td>
                <td className="actions">
                  <button
                    type="button"
                    onClick={() =>
                      void test({ input: { webhookId: w.id } }).then((r) => {
                        setProblem(problemOf(r.data?.testWebhook, r.error));
                        setSelected(w.id);
                      })
                    }
                  >
                    Test
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      void update({ input: { webhookId: w.id, enabled: !w.enabled } }).then((r) => {
                        setProblem(problemOf(r.data?.updateWebhook, r.error));
                        reload();
                      })
                    }
                  >
                    {w.enabled ? 'Disable' : 'Enable'}
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      void rotate({ input: { webhookId: w.id } }).then((r) => {
                        setProblem(problemOf(r.data?.rotateWebhookSecret, r.error));
                        if (r.data?.rotateWebhookSecret.__typename === 'RotateWebhookSecretPayload') {
                          setSecret(r.data.rotateWebhookSecret.signingSecret);
                        }
                      })
                    }
                  >
                    Rotate secret
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() =>
                      void remove({ input: { webhookId: w.id } }).then((r) => {
                        setProblem(problemOf(r.data?.deleteWebhook, r.error));
                        setSelected(undefined);
                        reload();
                      })
                    }
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      {shown ? <DeliveryLog webhookId={shown} onProblem={setProblem} /> : null}
    </>
  );
}

/** One webhook's deliveries, newest first, re-read every two seconds while shown. */
function DeliveryLog({
  webhookId,
  onProblem,
}: {
  webhookId: string;
  onProblem: (p: MutationProblem | undefined) => void;
}) {
  const [{ data, error }, refetch] = useQuery({
    query: WebhookDeliveriesDocument,
    variables: { id: webhookId, first: 50 },
    requestPolicy: 'cache-and-network',
  });
  const [, redeliver] = useMutation(RedeliverWebhookDeliveryDocument);
  useEffect(() => {
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), LIVE_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  const rows = data?.webhook?.deliveries.edges.map((e) => e.node) ?? [];
  return (
    <Panel title={`Deliveries · ${data?.webhook?.url ?? ''}`} actions={<span className="muted">live</span>}>
      {error ? <p className="banner error">{error.message}</p> : null}
      <table className="grid" aria-label="Deliveries">
        <thead>
          <tr>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>HTTP</th>
            <th>Last error</th>
            <th>Next attempt</th>
            <th>Created</th>
            <th>Message id</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id}>
              <td className="mono">{d.eventType}</td>
              <td>
                <Badge value={d.status} />
              </td>
              <td>{d.attempts}</td>
              <td>{d.responseStatus ?? '-'}</td>
              <td className="muted">{d.lastError ?? ''}</td>
              <td>
                <Time at={d.nextAttemptAt} />
              </td>
              <td>
                <Time at={d.createdAt} />
              </td>
              <td className="mono muted">{d.messageId}</td>
              <td>
                <button
                  type="button"
                  onClick={() =>
                    void redeliver({ input: { deliveryId: d.id } }).then((r) => {
                      onProblem(problemOf(r.data?.redeliverWebhookDelivery, r.error));
                      refetch({ requestPolicy: 'network-only' });
                    })
                  }
                >
                  Redeliver
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="muted">No deliveries yet: events from now on appear here.</p> : null}
    </Panel>
  );
}
