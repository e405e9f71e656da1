import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { Panel } from '../components.js';
import { useCan } from '../console-context.js';
import { FieldError, type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import { ScaleInstanceDocument } from '../generated/graphql.js';
import type { InstanceData, Lacks } from './instance-page.js';

type Service = InstanceData['services'][number];

/** `1–3 · cpu 50%`: a service's policy in the Services table (null when replicas are as set). */
export function AutoscaleCell({ service }: { service: Service }) {
  const policy = service.resources?.autoscale;
  if (!policy) return <span className="muted">—</span>;
  const targets = [
    policy.targetCpuPercent != null ? `cpu ${policy.targetCpuPercent}%` : undefined,
    policy.targetRequestsPerSecond != null ? `${policy.targetRequestsPerSecond} req/s` : undefined,
  ].filter(Boolean);
  const status = service.autoscale;
  return (
    <span data-col="autoscale">
      {policy.minReplicas}–{policy.maxReplicas} · {targets.join(', ')}
      {status ? (
        <>
          {' '}
          ·{' '}
          <span data-autoscale="replicas">
            desired {status.desiredReplicas} / current {status.currentReplicas}
          </span>
          {status.message ? (
            <span className="muted" data-autoscale="message">
              {' '}
              — {status.message}
            </span>
          ) : null}
        </>
      ) : (
        <span className="muted"> · not sampled yet</span>
      )}
    </span>
  );
}

/**
 * Sets or removes a service's autoscaling policy, through scaleInstance (the
 * mutation that hands it to the provider). The server checks the policy; its
 * ValidationError is shown next to the field it names. Shown with scope deploy.
 */
export function AutoscaleForm({
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
  const [values, setValues] = useState({ minReplicas: '', maxReplicas: '', targetCpuPercent: '' });
  const [problem, setProblem] = useState<MutationProblem>();
  const [{ fetching }, scale] = useMutation(ScaleInstanceDocument);
  if (!canDeploy) return null;
  const reason = lacks('AUTOSCALE');
  const policy = instance.services.find((s) => s.name === service)?.resources?.autoscale;
  // An empty field keeps the live policy's value, so changing one bound is one field.
  const num = (v: string, live: number | null | undefined) => (v.trim() === '' ? (live ?? undefined) : Number(v));

  const send = async (autoscale: Record<string, number | undefined> | null) => {
    setProblem(undefined);
    const r = await scale({
      input: { instanceId: instance.id, service, resources: { autoscale: autoscale as never } },
    });
    const p = problemOf(r.data?.scaleInstance, r.error);
    setProblem(p);
    if (!p) setValues({ minReplicas: '', maxReplicas: '', targetCpuPercent: '' });
    onChanged();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send({
      minReplicas: num(values.minReplicas, policy?.minReplicas),
      maxReplicas: num(values.maxReplicas, policy?.maxReplicas),
      targetCpuPercent: num(values.targetCpuPercent, policy?.targetCpuPercent),
      ...(policy
        ? {
            scaleUpStabilizationSeconds: policy.scaleUpStabilizationSeconds,
            scaleDownStabilizationSeconds: policy.scaleDownStabilizationSeconds,
          }
        : {}),
    });
  };
  const field = (key: keyof typeof values, label: string, placeholder: string) => (
    <label>
      {label}
      <input
        name={key}
        type="number"
        value={values[key]}
        placeholder={placeholder}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      />
      <FieldError problem={problem} field={`resources.autoscale.${key}`} />
    </label>
  );
  return (
    <Panel title="Autoscale">
      <form onSubmit={submit} className="form" aria-label="Autoscale">
        <label>
          Service
          <select name="service" value={service} onChange={(e) => setService(e.target.value)}>
            {instance.services
              .filter((s) => s.role !== 'INIT')
              .map((s) => (
                <option key={s.name}>{s.name}</option>
              ))}
          </select>
        </label>
        <div className="row">
          {field('minReplicas', 'Min replicas', String(policy?.minReplicas ?? 1))}
          {field('maxReplicas', 'Max replicas', String(policy?.maxReplicas ?? '—'))}
          {field('targetCpuPercent', 'Target CPU %', String(policy?.targetCpuPercent ?? '—'))}
        </div>
        <FieldError problem={problem} field="resources.autoscale" />
        <ProblemBanner problem={problem} />
        <button type="submit" disabled={fetching || reason !== undefined} title={reason}>
          {policy ? 'Change policy' : 'Set policy'}
        </button>{' '}
        {policy ? (
          <button type="button" disabled={fetching} onClick={() => void send(null)}>
            Remove policy
          </button>
        ) : null}
        {reason ? <span className="muted"> {reason}</span> : null}
      </form>
    </Panel>
  );
}
