/**
 * A provider's optional engines: typed members of `Provider.engines`, each
 * present only where the provider can do that work (the Docker provider has
 * a traffic engine only with HAProxy beside a local Engine; the Kubernetes
 * provider a Helm engine only where a `helm` binary is found). The control
 * plane asks for an engine by name (`provider.engines.canary`), never by
 * testing for methods, and the provider's capabilities are derived from the
 * engines present (capabilities.ts).
 *
 * Every function member of an engine takes the call's context first and
 * returns a promise (`EngineCall`). That one rule, checked by the compiler
 * below, is what lets one wrapper (call-hooks.ts) give every engine call the
 * provider's credentials and its /metrics timing with no list of method
 * names: a new engine, or a new method on one, is covered as it is written.
 */
import type { AutoscaleEngine } from './autoscaling.js';
import type { VolumeBackupEngine } from './backups.js';
import type { BuildEngine } from './builds.js';
import type { JobEngine, ScheduleEngine } from './jobs.js';
import type { CanaryEngine } from './progressive.js';
import type { CallContext } from './provider.js';
import type { ArgoEngine, HelmEngine, ManifestEngine } from './sources.js';
import type { DrivenEdge, TrafficEngine, WakingEdge } from './traffic.js';

/** The optional engines of a provider. Absent members are work the provider cannot do. */
export interface ProviderEngines {
  /** Routes: a stable address per routed service, custom domains and TLS (`custom-domains`, `tls`). */
  traffic?: TrafficEngine;
  /** A data plane that one control-plane process drives at a time (the Docker edge's HAProxy). */
  drivenEdge?: DrivenEdge;
  /** An edge that hands a sleeping service's requests to the waker (scale to zero). */
  wakingEdge?: WakingEdge;
  /** Canary and blue-green releases (`strategy:canary`, `strategy:blue-green`). */
  canary?: CanaryEngine;
  /** Autoscaling (`autoscale`): sampled by Wheelhouse (Docker), or the platform's own (Kubernetes' HPA). */
  autoscaler?: AutoscaleEngine;
  /** Manifests and kustomizations (`source:manifests`). */
  manifests?: ManifestEngine;
  /** Helm charts, rendered then applied by the manifests engine (`source:helm`). */
  helm?: HelmEngine;
  /** Argo CD Applications (`source:argocd`). */
  argo?: ArgoEngine;
  /** Builds from source on the provider's Docker Engine (`BUILD`). */
  builder?: BuildEngine;
  /** Commands run to completion in a service's image: jobs and release commands (`jobs`). */
  jobs?: JobEngine;
  /** Volume backups and restores through a helper beside the services (`volume-backup`). */
  volumeBackups?: VolumeBackupEngine;
  /** Schedules run by the platform's own scheduler (Kubernetes' CronJob controller), read back into jobs. */
  schedules?: ScheduleEngine;
}

/** The name of one engine. */
export type EngineName = keyof ProviderEngines;

/** Why an engine is absent, by engine, when the provider can say (shown in the errors that refuse its work). */
export type MissingEngines = Readonly<Partial<Record<EngineName, string>>>;

/** The shape every engine method has: the call's context first, a promise back. */
export type EngineCall = (ctx: CallContext, ...args: any[]) => Promise<unknown>;

// ---------------------------------------------------------------- the rule, checked by the compiler
// A member of an engine is either an EngineCall or plain data (a flag such as
// `measuresLatency`, a discriminant such as `mode`). `EngineRuleBreaks` names
// every member that is neither; the assignment below fails to compile unless
// there is none, so no engine can grow a call the wrapper would not see.
type Data = boolean | string | number | undefined;
type Breaks<E> = E extends unknown
  ? { [K in keyof E]-?: NonNullable<E[K]> extends EngineCall ? never : E[K] extends Data ? never : K }[keyof E]
  : never;
type EngineRuleBreaks = { [N in EngineName]-?: Breaks<NonNullable<ProviderEngines[N]>> }[EngineName];
const engineRuleHolds: [EngineRuleBreaks] extends [never] ? true : EngineRuleBreaks = true;
void engineRuleHolds;

/** The engines present, by name (for loops over all of them: the wrapper, capability derivation). */
export function presentEngines(engines: ProviderEngines): EngineName[] {
  return (Object.keys(engines) as EngineName[]).filter((name) => engines[name] !== undefined);
}
