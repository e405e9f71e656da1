import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { Panel } from '../components.js';
import { useCan } from '../console-context.js';
import { FieldError, type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import { DeployInstanceDocument, ScaleInstanceDocument } from '../generated/graphql.js';
import { ROLLING, type StrategyChoice, StrategyFields, strategyInput } from './deploy-strategy.js';
import type { InstanceData, Lacks } from './instance-page.js';

/** Deploy: a new image per service; only the services whose image changed are sent. */
export function DeployForm({
  instance,
  lacks,
  onChanged,
}: {
  instance: InstanceData;
  lacks: Lacks;
  onChanged: () => void;
}) {
  const canDeploy = useCan('DEPLOY');
  const [images, setImages] = useState<Record<string, string>>({});
  const [strategy, setStrategy] = useState<StrategyChoice>(ROLLING);
  const [problem, setProblem] = useState<MutationProblem>();
  const [{ fetching }, deploy] = useMutation(DeployInstanceDocument);
  if (!canDeploy) return null;
  const reason = lacks('DEPLOY');
  const changed = instance.services
    .map((s, i) => ({ name: s.name, image: (images[s.name] ?? s.image).trim(), index: i, was: s.image }))
    .filter((s) => s.image !== s.was);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(undefined);
    const r = await deploy({
      input: {
        instanceId: instance.id,
        services: changed.map(({ name, image }) => ({ name, image })),
        ...strategyInput(strategy),
      },
    });
    const p = problemOf(r.data?.deployInstance, r.error);
    setProblem(p);
    if (!p) setImages({});
    onChanged();
  };
  return (
    <Panel title="Deploy">
      <form onSubmit={submit} className="form" aria-label="Deploy">
        {instance.services.map((s) => {
          // The server names the changed services by their place in what was sent.
          const sent = changed.findIndex((c) => c.name === s.name);
          return (
            <label key={s.name}>
              {s.name}
              <input
                name={`image-${s.name}`}
                value={images[s.name] ?? s.image}
                onChange={(e) => setImages({ ...images, [s.name]: e.target.value })}
                className="mono"
              />
              <FieldError problem={problem} field={`services.${sent}.image`} />
            </label>
          );
        })}
        <StrategyFields value={strategy} onChange={setStrategy} problem={problem} />
        <ProblemBanner problem={problem} />
        <button type="submit" disabled={fetching || changed.length === 0 || reason !== undefined} title={reason}>
          Deploy
        </button>
        {reason ? <span className="muted"> {reason}</span> : null}
      </form>
    </Panel>
  );
}

/** Scale one service (or the main one): replicas, CPU and memory. Empty fields are left as they are. */
export function ScaleForm({
  instance,
  lacks,
  onChanged,
}: {
  instance: InstanceData;
  lacks: Lacks;
  onChanged: () => void;
}) {
  const canDeploy = useCan('DEPLOY');
  const main = instance.services.find((s) => s.role === 'MAIN') ?? instance.services[0];
  const [service, setService] = useState(main?.name ?? '');
  const [values, setValues] = useState({ replicas: '', cpuMillis: '', memoryMb: '' });
  const [problem, setProblem] = useState<MutationProblem>();
  const [{ fetching }, scale] = useMutation(ScaleInstanceDocument);
  if (!canDeploy) return null;
  const reason = lacks('SCALE');
  const current = instance.services.find((s) => s.name === service)?.resources;
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(undefined);
    const resources = {
      replicas: num(values.replicas),
      cpuMillis: num(values.cpuMillis),
      memoryMb: num(values.memoryMb),
    };
    const r = await scale({ input: { instanceId: instance.id, service, resources } });
    const p = problemOf(r.data?.scaleInstance, r.error);
    setProblem(p);
    if (!p) setValues({ replicas: '', cpuMillis: '', memoryMb: '' });
    onChanged();
  };
  const field = (key: keyof typeof values, label: string, placeholder: string) => (
    <label>
      {label}
      <input
        name={key}
        type="number"
        min={0}
        value={values[key]}
        placeholder={placeholder}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      />
      <FieldError problem={problem} field={`resources.${key}`} />
    </label>
  );
  return (
    <Panel title="Scale">
      <form onSubmit={submit} className="form" aria-label="Scale">
        <label>
          Service
          <select name="service" value={service} onChange={(e) => setService(e.target.value)}>
            {instance.services.map((s) => (
              <option key={s.name}>{s.name}</option>
            ))}
          </select>
        </label>
        <div className="row">
          {field('replicas', 'Replicas', String(current?.replicas ?? 1))}
          {field('cpuMillis', 'CPU (millicores)', String(current?.cpuMillis ?? '—'))}
          {field('memoryMb', 'Memory (MB)', String(current?.memoryMb ?? '—'))}
        </div>
        <ProblemBanner problem={problem} />
        <button type="submit" disabled={fetching || reason !== undefined} title={reason}>
          Scale
        </button>
        {reason ? <span className="muted"> {reason}</span> : null}
      </form>
    </Panel>
  );
}
