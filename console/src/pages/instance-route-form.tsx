import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { FieldError, type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import { ConsoleAddRouteDocument } from '../generated/graphql.js';
import type { InstanceData, Lacks } from './instance-page.js';

const EMPTY = { port: '', host: '', pathPrefix: '', https: false, secretKey: '', redirectHttp: true };

/**
 * Adds a route to one of the instance's long-running services: port (the
 * service's first declared port by default), an optional host of the user's
 * (else generated) and path prefix, and HTTPS from the vault or the edge's CA.
 * The server checks every value; its field errors show next to their field.
 */
export function AddRouteForm({
  instance,
  lacks,
  onAdded,
}: {
  instance: InstanceData;
  lacks: Lacks;
  onAdded: () => void;
}) {
  // An init service runs to completion: nothing can be routed to it.
  const services = instance.services.filter((s) => s.role !== 'INIT');
  const [service, setService] = useState(services[0]?.name ?? '');
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<MutationProblem>();
  const [{ fetching }, add] = useMutation(ConsoleAddRouteDocument);
  const tlsReason = lacks('TLS');
  const spec = services.find((s) => s.name === service);
  const defaultPort = spec?.ports[0]?.container ?? spec?.healthCheck?.port;
  const set = (patch: Partial<typeof EMPTY>) => setValues({ ...values, ...patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(undefined);
    const port = values.port.trim() === '' ? defaultPort : Number(values.port);
    const r = await add({
      input: {
        instanceId: instance.id,
        route: {
          service,
          port: port ?? 0,
          host: values.host.trim() || undefined,
          pathPrefix: values.pathPrefix.trim() || undefined,
          tls: values.https
            ? { secretKey: values.secretKey.trim() || undefined, redirectHttp: values.redirectHttp }
            : undefined,
        },
      },
    });
    const p = problemOf(r.data?.addRoute, r.error);
    setProblem(p);
    if (!p) setValues(EMPTY);
    onAdded();
  };
  return (
    <form onSubmit={submit} className="form route-form" aria-label="Add a route">
      <h3>Add a route</h3>
      <div className="row">
        <label>
          Service
          <select name="route-service" value={service} onChange={(e) => setService(e.target.value)}>
            {services.map((s) => (
              <option key={s.name}>{s.name}</option>
            ))}
          </select>
          <FieldError problem={problem} field="route.service" />
        </label>
        <label>
          Port
          <input
            name="route-port"
            type="number"
            step={1}
            required={defaultPort === undefined}
            value={values.port}
            placeholder={defaultPort === undefined ? 'container port' : String(defaultPort)}
            onChange={(e) => set({ port: e.target.value })}
          />
          <FieldError problem={problem} field="route.port" />
        </label>
        <label className="grow">
          Host
          <input
            name="route-host"
            className="mono"
            value={values.host}
            placeholder="generated: <service>-<instance>-<tenant>.<domain>"
            onChange={(e) => set({ host: e.target.value })}
          />
          <FieldError problem={problem} field="route.host" />
        </label>
        <label>
          Path prefix
          <input
            name="route-path"
            className="mono"
            value={values.pathPrefix}
            placeholder="/"
            onChange={(e) => set({ pathPrefix: e.target.value })}
          />
          <FieldError problem={problem} field="route.pathPrefix" />
        </label>
      </div>
      <div className="row">
        <label className="inline" title={tlsReason}>
          <input
            name="route-https"
            type="checkbox"
            checked={values.https}
            disabled={tlsReason !== undefined}
            onChange={(e) => set({ https: e.target.checked })}
          />
          HTTPS
        </label>
        {values.https ? (
          <>
            <label>
              Certificate (vault key)
              <input
                name="route-secret"
                className="mono"
                value={values.secretKey}
                placeholder="empty: the edge's CA issues one"
                onChange={(e) => set({ secretKey: e.target.value })}
              />
              <FieldError problem={problem} field="route.tls.secretKey" />
            </label>
            <label className="inline">
              <input
                name="route-redirect"
                type="checkbox"
                checked={values.redirectHttp}
                onChange={(e) => set({ redirectHttp: e.target.checked })}
              />
              Redirect HTTP to HTTPS (308)
            </label>
          </>
        ) : null}
      </div>
      <ProblemBanner problem={problem} />
      <button type="submit" disabled={fetching || services.length === 0}>
        Add route
      </button>
    </form>
  );
}
