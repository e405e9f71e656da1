import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { provisionInput } from '../../../src/cli/apply-plan.js';
import { parseSpec } from '../../../src/cli/spec-parse.js';
import { Panel } from '../components.js';
import { useCan } from '../console-context.js';
import { FieldError, type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import {
  ProvidersDocument,
  ProvisionInstanceDocument,
  type ProvisionInstanceInput,
  type ServiceRole,
  type ServiceSpecInput,
} from '../generated/graphql.js';

/** One service as the form holds it: text fields, parsed on submit. */
interface ServiceDraft {
  /** Identifies the draft while services are added and removed. */
  id: number;
  name: string;
  image: string;
  role: ServiceRole;
  ports: string;
  env: string;
  secrets: string;
  command: string;
  healthPath: string;
  healthPort: string;
}

let nextDraftId = 1;

/** A new, empty service draft. */
function draft(patch: Partial<ServiceDraft> = {}): ServiceDraft {
  return { ...EMPTY, id: nextDraftId++, ...patch };
}

const EMPTY: Omit<ServiceDraft, 'id'> = {
  name: '',
  image: '',
  role: 'MAIN',
  ports: '',
  env: '',
  secrets: '',
  command: '',
  healthPath: '',
  healthPort: '',
};

const EXAMPLE = `name: hello
services:
  web:
    image: nginx:alpine
    ports: [80]
    healthCheck: { path: /, port: 80 }
`;

/** The form's service as a ServiceSpecInput: ports "8080" or "8080:18080/udp", env KEY=value lines, secret keys. */
function toServiceInput(d: ServiceDraft): ServiceSpecInput {
  const lines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const list = (text: string) =>
    text
      .split(/[\s,]+/)
      .map((p) => p.trim())
      .filter(Boolean);
  const ports = list(d.ports).map((p) => {
    const [numbers = '', protocol] = p.split('/');
    const [container, host] = numbers.split(':').map(Number);
    return {
      container: container ?? 0,
      ...(host ? { host } : {}),
      ...(protocol ? { protocol: protocol.toUpperCase() as 'TCP' | 'UDP' } : {}),
    };
  });
  const env = lines(d.env).map((l) => {
    const at = l.indexOf('=');
    return at < 0 ? { name: l, value: '' } : { name: l.slice(0, at), value: l.slice(at + 1) };
  });
  const command = lines(d.command);
  return {
    name: d.name.trim(),
    image: d.image.trim(),
    role: d.role,
    ...(ports.length ? { ports } : {}),
    ...(env.length ? { env } : {}),
    ...(list(d.secrets).length ? { secrets: list(d.secrets).map((key) => ({ key })) } : {}),
    ...(command.length ? { command } : {}),
    ...(d.healthPort.trim()
      ? { healthCheck: { port: Number(d.healthPort), ...(d.healthPath.trim() ? { path: d.healthPath.trim() } : {}) } }
      : {}),
  };
}

/**
 * Provision a new instance, from a form or from the YAML the CLI's `apply`
 * reads (parsed by the same code, so a file that applies also pastes).
 */
export function ProvisionPage() {
  const canDeploy = useCan('DEPLOY');
  const navigate = useNavigate();
  const [{ data: providers }] = useQuery({ query: ProvidersDocument });
  const [mode, setMode] = useState<'form' | 'yaml'>('form');
  const [name, setName] = useState('');
  const [provider, setProvider] = useState('');
  const [services, setServices] = useState<ServiceDraft[]>(() => [draft({ name: 'web' })]);
  const [yaml, setYaml] = useState(EXAMPLE);
  const [yamlProblem, setYamlProblem] = useState<string>();
  const [problem, setProblem] = useState<MutationProblem>();
  const [{ fetching }, provision] = useMutation(ProvisionInstanceDocument);
  if (!canDeploy) return <p className="banner error">Provisioning needs the DEPLOY scope.</p>;

  const send = async (input: ProvisionInstanceInput) => {
    setProblem(undefined);
    const r = await provision({ input });
    const p = problemOf(r.data?.provisionInstance, r.error);
    setProblem(p);
    if (!p && r.data?.provisionInstance.__typename === 'ProvisionInstancePayload') {
      navigate(`/instances/${encodeURIComponent(r.data.provisionInstance.instance.id)}`);
    }
  };
  const submitForm = (e: FormEvent) => {
    e.preventDefault();
    void send({ name: name.trim(), ...(provider ? { provider } : {}), services: services.map(toServiceInput) });
  };
  const submitYaml = (e: FormEvent) => {
    e.preventDefault();
    setYamlProblem(undefined);
    let input: ProvisionInstanceInput;
    try {
      input = provisionInput(parseSpec(yaml, 'spec')) as unknown as ProvisionInstanceInput;
    } catch (err) {
      setYamlProblem((err as Error).message);
      return;
    }
    void send(input);
  };
  const update = (i: number, patch: Partial<ServiceDraft>) =>
    setServices(services.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <Panel
      title="Provision an instance"
      actions={
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={mode === 'form'} onClick={() => setMode('form')}>
            Form
          </button>
          <button type="button" role="tab" aria-selected={mode === 'yaml'} onClick={() => setMode('yaml')}>
            YAML
          </button>
        </div>
      }
    >
      {mode === 'yaml' ? (
        <form onSubmit={submitYaml} className="form" aria-label="Provision from YAML">
          <p className="muted">The format `wheelhouse apply` reads: one instance, its services keyed by name.</p>
          <textarea name="yaml" className="mono" rows={16} value={yaml} onChange={(e) => setYaml(e.target.value)} />
          {yamlProblem ? <pre className="banner error">{yamlProblem}</pre> : null}
          <ProblemBanner problem={problem} />
          <button type="submit" disabled={fetching}>
            Provision
          </button>
        </form>
      ) : (
        <form onSubmit={submitForm} className="form" aria-label="Provision">
          <div className="row">
            <label>
              Name
              <input name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="my-app" required />
              <FieldError problem={problem} field="name" />
            </label>
            <label>
              Provider
              <select name="provider" value={provider} onChange={(e) => setProvider(e.target.value)}>
                <option value="">default</option>
                {providers?.providers.map((p) => (
                  <option key={p.key} value={p.key} disabled={!p.capabilities.includes('PROVISION')}>
                    {p.key}
                    {p.isDefault ? ' (default)' : ''}
                  </option>
                ))}
              </select>
              <FieldError problem={problem} field="provider" />
            </label>
          </div>
          {services.map((s, i) => (
            <fieldset key={s.id} className="service" data-service-index={i}>
              <legend>
                Service {i + 1}
                {services.length > 1 ? (
                  <button
                    type="button"
                    className="link"
                    onClick={() => setServices(services.filter((_, j) => j !== i))}
                  >
                    remove
                  </button>
                ) : null}
              </legend>
              <div className="row">
                <label>
                  Name
                  <input
                    name="service-name"
                    value={s.name}
                    onChange={(e) => update(i, { name: e.target.value })}
                    required
                  />
                  <FieldError problem={problem} field={`services.${i}.name`} />
                </label>
                <label className="grow">
                  Image
                  <input
                    name="service-image"
                    className="mono"
                    value={s.image}
                    onChange={(e) => update(i, { image: e.target.value })}
                    placeholder="registry/image:tag"
                    required
                  />
                  <FieldError problem={problem} field={`services.${i}.image`} />
                </label>
                <label>
                  Role
                  <select
                    name="service-role"
                    value={s.role}
                    onChange={(e) => update(i, { role: e.target.value as ServiceRole })}
                  >
                    <option>MAIN</option>
                    <option>SIDECAR</option>
                    <option>INIT</option>
                  </select>
                  <FieldError problem={problem} field={`services.${i}.role`} />
                </label>
              </div>
              <div className="row">
                <label>
                  Ports
                  <input
                    name="service-ports"
                    value={s.ports}
                    onChange={(e) => update(i, { ports: e.target.value })}
                    placeholder="8080, 53:5353/udp"
                  />
                  <FieldError problem={problem} field={`services.${i}.ports`} />
                </label>
                <label>
                  Health check path
                  <input
                    name="service-health-path"
                    value={s.healthPath}
                    onChange={(e) => update(i, { healthPath: e.target.value })}
                    placeholder="/healthz"
                  />
                </label>
                <label>
                  Health check port
                  <input
                    name="service-health-port"
                    type="number"
                    value={s.healthPort}
                    onChange={(e) => update(i, { healthPort: e.target.value })}
                  />
                  <FieldError problem={problem} field={`services.${i}.healthCheck.port`} />
                </label>
                <label>
                  Secrets (keys)
                  <input
                    name="service-secrets"
                    value={s.secrets}
                    onChange={(e) => update(i, { secrets: e.target.value })}
                    placeholder="db-password"
                  />
                  <FieldError problem={problem} field={`services.${i}.secrets`} />
                </label>
              </div>
              <div className="row">
                <label className="grow">
                  Environment (KEY=value, one a line)
                  <textarea
                    name="service-env"
                    className="mono"
                    rows={2}
                    value={s.env}
                    onChange={(e) => update(i, { env: e.target.value })}
                  />
                  <FieldError problem={problem} field={`services.${i}.env`} />
                </label>
                <label className="grow">
                  Command (one argument a line; empty: the image's)
                  <textarea
                    name="service-command"
                    className="mono"
                    rows={2}
                    value={s.command}
                    onChange={(e) => update(i, { command: e.target.value })}
                  />
                  <FieldError problem={problem} field={`services.${i}.command`} />
                </label>
              </div>
            </fieldset>
          ))}
          <ProblemBanner problem={problem} />
          <div className="row">
            <button type="button" onClick={() => setServices([...services, draft({ role: 'SIDECAR' })])}>
              Add a service
            </button>
            <button type="submit" disabled={fetching}>
              Provision
            </button>
          </div>
        </form>
      )}
    </Panel>
  );
}
