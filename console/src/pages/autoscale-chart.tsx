import { useId } from 'react';
import type { EventFieldsFragment } from '../generated/graphql.js';
import { type AutoscaleSample, CHART_WINDOW_MS, useAutoscaleSamples, useNow } from './autoscale-samples.js';
import type { InstanceData } from './instance-page.js';

type Service = InstanceData['services'][number];
type Policy = NonNullable<NonNullable<Service['resources']>['autoscale']>;

// The drawing's own units (the SVG scales to its box).
const WIDTH = 560;
const LEFT = 40;
const RIGHT = 58;
const PLOT_W = WIDTH - LEFT - RIGHT;
const HEADER = 16;
const REPLICAS_H = 64;
const METRIC_H = 48;
const GAP = 12;
const AXIS_H = 18;
/** The narrowest time span drawn: a policy set a moment ago still gets a readable chart. */
const MIN_SPAN_MS = 30_000;
/** Above this many decisions a chart hides the points of decisions that did not scale (the lines say it; hovering still tells). */
const DENSE = 40;

/**
 * One small chart per autoscaled service, under the Services table: the
 * autoscaler's decisions of the last hour (read through `events`, then from the
 * page's event stream) as desired and current replicas and the CPU (and
 * requests/s) samples against the policy's targets.
 */
export function AutoscaleCharts({ instance, live }: { instance: InstanceData; live: readonly EventFieldsFragment[] }) {
  const now = useNow(10_000);
  const { samples, loading, error } = useAutoscaleSamples(instance.id, live, now);
  const autoscaled = instance.services.filter((s) => s.resources?.autoscale);
  if (autoscaled.length === 0) return null;
  return (
    <div className="autoscale-charts" data-testid="autoscale-charts">
      {autoscaled.map((s) => (
        <AutoscaleChart
          key={s.name}
          service={s.name}
          policy={s.resources?.autoscale as Policy}
          samples={samples.filter((x) => x.service === s.name)}
          // The right edge is now, or the newest event when the clock has not moved since it came.
          now={Math.max(now, ...samples.map((x) => Math.max(x.at, x.scaledAt ?? 0)))}
          loading={loading}
        />
      ))}
      {error ? <p className="muted small">Could not read the autoscaler's events: {error}</p> : null}
    </div>
  );
}

interface Band {
  name: string;
  top: number;
  height: number;
  max: number;
  ticks: number[];
}

const yOf = (band: Band, v: number) => band.top + band.height - (Math.min(v, band.max) / band.max) * band.height;

/** A round top for a metric's axis: the target's double at least, above every sample. */
function niceMax(values: number[], floor: number): number {
  const top = Math.max(floor, ...values);
  const step = 10 ** Math.floor(Math.log10(top));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= top) return m * step;
  return 10 * step;
}

function replicaTicks(max: number): number[] {
  if (max <= 5) return Array.from({ length: max + 1 }, (_, i) => i);
  return [0, Math.round(max / 2), max];
}

function formatTime(at: number, seconds: boolean): string {
  return new Date(at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });
}

function spanLabel(ms: number): string {
  if (ms >= CHART_WINDOW_MS) return 'last hour';
  if (ms < 90_000) return `last ${Math.round(ms / 1000)} s`;
  return `last ${Math.round(ms / 60_000)} min`;
}

/** A step line through the samples' values, held to the right edge (a decision stands until the next). */
function stepPath(points: { x: number; y: number }[], right: number): string {
  if (points.length === 0) return '';
  let d = `M${points[0]!.x.toFixed(1)},${points[0]!.y.toFixed(1)}`;
  for (const p of points.slice(1)) d += ` H${p.x.toFixed(1)} V${p.y.toFixed(1)}`;
  return `${d} H${right.toFixed(1)}`;
}

/**
 * The replicas running: as each decision found them, and from the moment a
 * decision's SCALE succeeded, what it decided (a failed or unfinished one
 * changes nothing). So the line does not wait for the next decision to show a scale.
 */
function currentSteps(samples: AutoscaleSample[]): { at: number; value: number }[] {
  const out: { at: number; value: number }[] = [];
  samples.forEach((s, i) => {
    out.push({ at: s.at, value: s.current });
    const next = samples[i + 1];
    if (s.scaledAt !== null && s.scaledAt >= s.at && (!next || s.scaledAt <= next.at))
      out.push({ at: s.scaledAt, value: s.desired });
  });
  return out;
}

/** A line through the samples that have a value; a decision without one breaks it. */
function linePath(points: { x: number; y: number | null }[]): string {
  let d = '';
  let pen = false;
  for (const p of points) {
    if (p.y === null) {
      pen = false;
      continue;
    }
    d += `${pen ? ' L' : `${d ? ' ' : ''}M`}${p.x.toFixed(1)},${p.y.toFixed(1)}`;
    pen = true;
  }
  return d;
}

function AutoscaleChart({
  service,
  policy,
  samples,
  now,
  loading,
}: {
  service: string;
  policy: Policy;
  samples: AutoscaleSample[];
  now: number;
  loading: boolean;
}) {
  const id = useId();
  const first = samples[0]?.at ?? now;
  // Zoomed to the decisions there are (a policy younger than an hour has no earlier ones), never past an hour.
  const span = Math.min(CHART_WINDOW_MS, Math.max(MIN_SPAN_MS, (now - first) * 1.08));
  const start = now - span;
  const xOf = (at: number) => LEFT + ((at - start) / span) * PLOT_W;

  const bands: Band[] = [];
  let top = HEADER;
  const replicasMax = Math.max(policy.maxReplicas, 1, ...samples.flatMap((s) => [s.desired, s.current]));
  const replicas: Band = {
    name: 'replicas',
    top,
    height: REPLICAS_H,
    max: replicasMax,
    ticks: replicaTicks(replicasMax),
  };
  bands.push(replicas);
  top += REPLICAS_H + GAP + HEADER;
  let cpu: Band | undefined;
  if (policy.targetCpuPercent != null) {
    const max = niceMax(
      samples.flatMap((s) => (s.cpuPercent === null ? [] : [s.cpuPercent])),
      Math.max(100, policy.targetCpuPercent),
    );
    cpu = { name: 'CPU %', top, height: METRIC_H, max, ticks: [0, max / 2, max] };
    bands.push(cpu);
    top += METRIC_H + GAP + HEADER;
  }
  let rps: Band | undefined;
  if (policy.targetRequestsPerSecond != null) {
    const max = niceMax(
      samples.flatMap((s) => (s.requestsPerSecond === null ? [] : [s.requestsPerSecond])),
      policy.targetRequestsPerSecond * 2,
    );
    rps = { name: 'requests/s per replica', top, height: METRIC_H, max, ticks: [0, max / 2, max] };
    bands.push(rps);
    top += METRIC_H + GAP + HEADER;
  }
  const height = top - GAP - HEADER + AXIS_H;
  const axisY = top - GAP - HEADER + 4;
  const right = xOf(now);

  const last = samples.at(-1);
  const summary = last
    ? `${samples.length} decision${samples.length === 1 ? '' : 's'}; the latest at ${formatTime(last.at, true)}: ` +
      `desired ${last.desired}, current ${last.current}` +
      (last.cpuPercent !== null ? `, CPU ${last.cpuPercent}% (target ${policy.targetCpuPercent}%)` : '') +
      (last.requestsPerSecond !== null
        ? `, ${last.requestsPerSecond} requests/s per replica (target ${policy.targetRequestsPerSecond})`
        : '')
    : 'no decisions yet';
  const seconds = span < 10 * 60_000;
  const dense = samples.length > DENSE;
  const timeTicks = [0, 1 / 3, 2 / 3, 1].map((f) => start + f * span);

  return (
    <figure className="autoscale-chart" data-chart={service} data-samples={samples.length}>
      <figcaption>
        <strong>{service}</strong>{' '}
        <span className="muted">
          · {spanLabel(span)} · {samples.length} decision{samples.length === 1 ? '' : 's'}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={`${id}-title`}>
          {service}: replicas and {rps && cpu ? 'CPU and requests/s' : rps ? 'requests/s' : 'CPU'} over the{' '}
          {spanLabel(span)}
        </title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {bands.map((b) => (
          <g key={b.name} data-band={b.name} className="band">
            <text x={LEFT} y={b.top - 5} className="band-label">
              {b.name}
            </text>
            {b.ticks.map((t) => (
              <g key={t}>
                <line x1={LEFT} x2={LEFT + PLOT_W} y1={yOf(b, t)} y2={yOf(b, t)} className="grid" data-tick={t} />
                <text x={LEFT - 6} y={yOf(b, t) + 3.5} className="tick" textAnchor="end">
                  {t}
                </text>
              </g>
            ))}
          </g>
        ))}
        <path
          d={stepPath(
            samples.map((s) => ({ x: xOf(s.at), y: yOf(replicas, s.desired) })),
            right,
          )}
          className="series desired"
          data-series="desired"
        />
        {/* Current over desired, dashed: where they agree both show. */}
        <path
          d={stepPath(
            currentSteps(samples).map((p) => ({ x: xOf(p.at), y: yOf(replicas, p.value) })),
            right,
          )}
          className="series current"
          data-series="current"
        />
        {samples.map((s) => (
          <circle
            key={s.id}
            cx={xOf(s.at)}
            cy={yOf(replicas, s.desired)}
            r={s.scaled ? 3.5 : 2.5}
            className={`point desired${s.scaled ? ' scaled' : dense ? ' quiet' : ''}`}
            data-series="desired"
            data-value={s.desired}
            data-current={s.current}
            data-event={s.id}
          >
            <title>
              {formatTime(s.at, true)}: {s.current} → {s.desired}
              {s.scaled ? ' (scaled)' : ''}
            </title>
          </circle>
        ))}
        {cpu ? (
          <MetricSeries
            band={cpu}
            name="cpu"
            target={policy.targetCpuPercent ?? 0}
            targetLabel={`target ${policy.targetCpuPercent}%`}
            points={samples.map((s) => ({ id: s.id, at: s.at, x: xOf(s.at), v: s.cpuPercent }))}
            unit="%"
            dense={dense}
          />
        ) : null}
        {rps ? (
          <MetricSeries
            band={rps}
            name="requests"
            target={policy.targetRequestsPerSecond ?? 0}
            targetLabel={`target ${policy.targetRequestsPerSecond}`}
            points={samples.map((s) => ({ id: s.id, at: s.at, x: xOf(s.at), v: s.requestsPerSecond }))}
            unit=" req/s"
            dense={dense}
          />
        ) : null}
        <g className="axis" data-axis="time">
          <line x1={LEFT} x2={LEFT + PLOT_W} y1={axisY - 4} y2={axisY - 4} className="axis-line" />
          {timeTicks.map((t, i) => (
            <text
              key={t}
              x={xOf(t)}
              y={axisY + 10}
              className="tick"
              textAnchor={i === 0 ? 'start' : i === timeTicks.length - 1 ? 'end' : 'middle'}
            >
              {i === timeTicks.length - 1 ? 'now' : formatTime(t, seconds)}
            </text>
          ))}
        </g>
        {samples.length === 0 ? (
          <text x={LEFT + PLOT_W / 2} y={HEADER + REPLICAS_H / 2} className="empty" textAnchor="middle">
            {loading ? 'Reading decisions…' : 'No decisions in the last hour'}
          </text>
        ) : null}
      </svg>
      <ul className="legend" aria-hidden="true">
        <li className="desired">desired</li>
        <li className="current">current</li>
        {cpu ? <li className="cpu">CPU</li> : null}
        {rps ? <li className="requests">requests/s</li> : null}
        <li className="target">target</li>
        <li className="scaled">scaled</li>
      </ul>
    </figure>
  );
}

/** A sampled metric: its line, a point per sample that has it, and the policy's target as a dashed line. */
function MetricSeries({
  band,
  name,
  target,
  targetLabel,
  points,
  unit,
  dense,
}: {
  band: Band;
  name: string;
  target: number;
  targetLabel: string;
  points: { id: string; at: number; x: number; v: number | null }[];
  unit: string;
  dense: boolean;
}) {
  const ty = yOf(band, target);
  return (
    <g data-metric={name}>
      <line x1={LEFT} x2={LEFT + PLOT_W} y1={ty} y2={ty} className="target" data-target={target} />
      <text x={LEFT + PLOT_W + 4} y={ty + 3.5} className="target-label">
        {targetLabel}
      </text>
      <path
        d={linePath(points.map((p) => ({ x: p.x, y: p.v === null ? null : yOf(band, p.v) })))}
        className={`series ${name}`}
        data-series={name}
      />
      {points.map((p) =>
        p.v === null ? null : (
          <circle
            key={p.id}
            cx={p.x}
            cy={yOf(band, p.v)}
            r={2.5}
            className={`point ${name}${dense ? ' quiet' : ''}`}
            data-series={name}
            data-value={p.v}
            data-event={p.id}
          >
            <title>
              {formatTime(p.at, true)}: {p.v}
              {unit}
            </title>
          </circle>
        ),
      )}
    </g>
  );
}
