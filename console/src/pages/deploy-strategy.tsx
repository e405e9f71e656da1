import { FieldError, type MutationProblem } from '../errors.js';
import type { DeployInstanceInput } from '../generated/graphql.js';

/** The Deploy form's choice of strategy, as typed: a rolling deploy, or a canary with its steps. */
export interface StrategyChoice {
  strategy: 'ROLLING' | 'CANARY';
  /** The steps' weights in %, comma-separated ("10,50"). */
  steps: string;
  /** Each step's pause in seconds; empty: each waits for Promote. */
  pause: string;
  /** The largest 5xx share in %, empty: the server's default. */
  maxErrorRate: string;
}

export const ROLLING: StrategyChoice = { strategy: 'ROLLING', steps: '10,50', pause: '', maxErrorRate: '' };

/** What the choice adds to deployInstance's input (nothing for a rolling deploy: the server's default). */
export function strategyInput(choice: StrategyChoice): Pick<DeployInstanceInput, 'strategy' | 'canary'> {
  if (choice.strategy !== 'CANARY') return {};
  const pause = choice.pause.trim();
  const rate = choice.maxErrorRate.trim();
  // Numbers as typed: the server checks them, and its messages show next to these fields.
  return {
    strategy: 'CANARY',
    canary: {
      steps: choice.steps
        .split(',')
        .map((w) => w.trim())
        .filter((w) => w !== '')
        .map((w) => ({ weight: Number.parseInt(w, 10), ...(pause === '' ? {} : { pauseSeconds: Number(pause) }) })),
      ...(rate === '' ? {} : { analysis: { maxErrorRate: Number(rate) / 100 } }),
    },
  };
}

/** The strategy select, and a canary's steps, pause and error-rate threshold when it is chosen. */
export function StrategyFields({
  value,
  onChange,
  problem,
}: {
  value: StrategyChoice;
  onChange: (next: StrategyChoice) => void;
  problem: MutationProblem | undefined;
}) {
  // A message names its step by position: one slot per step typed.
  const stepIndexes = value.steps.split(',').map((_, i) => i);
  return (
    <div className="row strategy-fields">
      <label>
        Strategy
        <select
          name="deploy-strategy"
          value={value.strategy}
          onChange={(e) => onChange({ ...value, strategy: e.target.value === 'CANARY' ? 'CANARY' : 'ROLLING' })}
        >
          <option value="ROLLING">Rolling</option>
          <option value="CANARY">Canary</option>
        </select>
        <FieldError problem={problem} field="strategy" />
      </label>
      {value.strategy === 'CANARY' ? (
        <>
          <label>
            Steps (% of requests)
            <input
              name="canary-steps"
              value={value.steps}
              onChange={(e) => onChange({ ...value, steps: e.target.value })}
              placeholder="10,50"
              size={10}
            />
            <FieldError problem={problem} field="canary.steps" />
            {stepIndexes.map((i) => (
              <FieldError key={i} problem={problem} field={`canary.steps.${i}.weight`} />
            ))}
          </label>
          <label>
            Pause per step (s)
            <input
              name="canary-pause"
              value={value.pause}
              onChange={(e) => onChange({ ...value, pause: e.target.value })}
              placeholder="until promoted"
              size={12}
            />
            {stepIndexes.map((i) => (
              <FieldError key={i} problem={problem} field={`canary.steps.${i}.pauseSeconds`} />
            ))}
          </label>
          <label>
            Max error rate (%)
            <input
              name="canary-max-error-rate"
              value={value.maxErrorRate}
              onChange={(e) => onChange({ ...value, maxErrorRate: e.target.value })}
              placeholder="5"
              size={6}
            />
            <FieldError problem={problem} field="canary.analysis.maxErrorRate" />
          </label>
        </>
      ) : null}
    </div>
  );
}
