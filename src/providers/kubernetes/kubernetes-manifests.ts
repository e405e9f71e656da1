/**
 * Manifests as a workload source: parse and validate a rendered set of
 * documents (YAML, kinds the API server serves, namespaces, no Secrets),
 * apply it by server-side apply as field manager `wheelhouse`, prune what the
 * previous set had and this one has not (the caller passes the previous
 * inventory: never found by label), and report each object's readiness.
 *
 * The set applied last is also recorded in the instance's ConfigMap
 * (`wh-<instanceId>`, data `source.json`), so status() and the supervisor,
 * which know only the instance id, find the objects to report on. The
 * authoritative inventory, the one a prune reads, is the control plane's.
 */
import {
  createConfiguration,
  type KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  ServerConfiguration,
  type V1APIResource,
  type V1APIResourceList,
  type V1Pod,
} from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import {
  type InstanceState,
  InstanceStates,
  type InstanceStatus,
  type ServiceStatus,
  worseState,
} from '../provider.js';
import type { ObjectRef, RenderedSource } from '../sources.js';
import type { KubeCall } from './kubernetes-call.js';
import { isNotFound, statusCodeOf } from './kubernetes-errors.js';
import { Labels, MANAGED_BY, objectName, SpecError, type Workload } from './kubernetes-objects.js';
import { instanceStatus } from './kubernetes-status.js';

/** The field manager every apply uses. */
export const FIELD_MANAGER = 'wheelhouse';

/** The key of the instance ConfigMap that records the applied set. */
const RECORD_KEY = 'source.json';

/** At most this many documents in one source. */
const MAX_DOCUMENTS = 200;

/** What the instance ConfigMap records about its source. */
export interface SourceRecord {
  type: RenderedSource['type'];
  objects: ObjectRef[];
  /** Where the Application lives, for an Argo CD source. */
  argo?: { namespace: string; name: string };
}

/** Where manifests may go: the instance's namespace, and these besides. */
export interface NamespaceRules {
  namespace: string;
  /** Other namespaces a document may name (provider option). */
  extraNamespaces: readonly string[];
  /** Cluster-scoped kinds (a ClusterRole, a Namespace) are refused unless this is set. */
  allowClusterScoped: boolean;
}

/** One parsed document: the object, and how messages name it. */
export interface ParsedDocument {
  object: KubernetesObject & { metadata: { name: string; namespace?: string; labels?: Record<string, string> } };
  label: string;
}

/** `apps/v1 Deployment ns/name`: identity of an object for comparing sets. */
export function refKey(r: ObjectRef): string {
  const group = r.apiVersion.includes('/') ? r.apiVersion.split('/')[0] : '';
  return `${group}|${r.kind}|${r.namespace ?? ''}|${r.name}`;
}

/**
 * Parses multi-document YAML. Empty documents are skipped; anything that is
 * not a mapping with apiVersion, kind and metadata.name is a SpecError naming
 * the document (by position, and by kind/name where it has them).
 */
export function parseDocuments(text: string): ParsedDocument[] {
  const docs = parseAllDocuments(text, { uniqueKeys: true });
  const out: ParsedDocument[] = [];
  let n = 0;
  for (const doc of docs) {
    n++;
    if (doc.errors.length > 0) {
      throw new SpecError(`document ${n}: invalid YAML: ${doc.errors[0]?.message.split('\n')[0]}`);
    }
    const value = doc.toJS() as unknown;
    if (value == null) continue;
    if (typeof value !== 'object' || Array.isArray(value)) throw new SpecError(`document ${n}: not a mapping`);
    const o = value as Record<string, unknown>;
    const meta = (o.metadata ?? {}) as Record<string, unknown>;
    const label = `document ${n}${typeof o.kind === 'string' ? ` (${o.kind}${typeof meta.name === 'string' ? `/${meta.name}` : ''})` : ''}`;
    if (typeof o.apiVersion !== 'string' || !o.apiVersion) throw new SpecError(`${label}: apiVersion is required`);
    if (typeof o.kind !== 'string' || !o.kind) throw new SpecError(`${label}: kind is required`);
    if (typeof meta.name !== 'string' || !meta.name) throw new SpecError(`${label}: metadata.name is required`);
    if (o.kind === 'List') throw new SpecError(`${label}: a List is not applied; give its items as documents`);
    out.push({ object: o as unknown as ParsedDocument['object'], label });
  }
  if (out.length === 0) throw new SpecError('the source holds no documents');
  if (out.length > MAX_DOCUMENTS)
    throw new SpecError(`the source holds ${out.length} documents; at most ${MAX_DOCUMENTS}`);
  const seen = new Set<string>();
  for (const d of out) {
    const k = refKey(refOf(d.object));
    if (seen.has(k)) throw new SpecError(`${d.label}: the same object appears twice`);
    seen.add(k);
  }
  return out;
}

function refOf(o: ParsedDocument['object']): ObjectRef {
  return {
    apiVersion: o.apiVersion as string,
    kind: o.kind as string,
    ...(o.metadata.namespace ? { namespace: o.metadata.namespace } : {}),
    name: o.metadata.name,
  };
}

/**
 * The generic object client: discovery (cached per provider, per group
 * version), server-side apply, read, delete and list of any kind the API
 * server serves. Each request carries its call's signal, deadline and bearer.
 */
export class ObjectClient {
  readonly #kc: KubeConfig;
  readonly #cache: Record<string, V1APIResourceList> = {};

  constructor(kc: KubeConfig) {
    this.#kc = kc;
  }

  #api(call: KubeCall): CachedObjectApi {
    const server = this.#kc.getCurrentCluster()?.server ?? '';
    const config = createConfiguration({
      baseServer: new ServerConfiguration(server, {}),
      authMethods: { default: this.#kc },
      middleware: call.opts().middleware ?? [],
    });
    return new CachedObjectApi(config, this.#cache);
  }

  /** The API resource serving `kind` in `apiVersion`, or undefined when the server does not serve it. */
  async resource(call: KubeCall, apiVersion: string, kind: string): Promise<V1APIResource | undefined> {
    try {
      return await this.#api(call).served(apiVersion, kind);
    } catch (err) {
      const code = statusCodeOf(err);
      if (code === 404) return undefined;
      throw err;
    }
  }

  /** Server-side apply (application/apply-patch+yaml), forcing ownership of the fields it sets. */
  async apply(call: KubeCall, obj: KubernetesObject): Promise<KubernetesObject> {
    return this.#api(call).patch(obj, undefined, undefined, FIELD_MANAGER, true, PatchStrategy.ServerSideApply);
  }

  async read(call: KubeCall, ref: ObjectRef): Promise<KubernetesObject | undefined> {
    try {
      return await this.#api(call).read({
        apiVersion: ref.apiVersion,
        kind: ref.kind,
        metadata: { name: ref.name, ...(ref.namespace ? { namespace: ref.namespace } : {}) },
      });
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Deletes one object; an absent one is fine. */
  async delete(call: KubeCall, ref: ObjectRef): Promise<void> {
    try {
      await this.#api(call).delete(
        {
          apiVersion: ref.apiVersion,
          kind: ref.kind,
          metadata: { name: ref.name, ...(ref.namespace ? { namespace: ref.namespace } : {}) },
        },
        undefined,
        undefined,
        undefined,
        undefined,
        'Background',
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async list(call: KubeCall, apiVersion: string, kind: string, namespace: string, labelSelector?: string) {
    return this.#api(call).list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, labelSelector);
  }
}

/** A KubernetesObjectApi whose discovery cache outlives one request (one is made per request, for its signal). */
class CachedObjectApi extends KubernetesObjectApi {
  constructor(config: ConstructorParameters<typeof KubernetesObjectApi>[0], cache: Record<string, V1APIResourceList>) {
    super(config);
    this.apiVersionResourceCache = cache;
  }

  /** Discovery: the resource serving `kind` in `apiVersion` (the base class keeps this protected). */
  served(apiVersion: string, kind: string): Promise<V1APIResource | undefined> {
    return this.resource(apiVersion, kind);
  }
}

/**
 * Validates every document before anything is applied: Secret documents are
 * refused (their values would be kept in a release), every kind must be
 * served, and a namespaced object may name only the allowed namespaces.
 * Returns the documents with their namespace settled.
 */
export async function validateDocuments(
  client: ObjectClient,
  call: KubeCall,
  docs: ParsedDocument[],
  rules: NamespaceRules,
): Promise<ParsedDocument[]> {
  const out: ParsedDocument[] = [];
  for (const d of docs) {
    const { apiVersion, kind } = d.object as { apiVersion: string; kind: string };
    if (kind === 'Secret' && (apiVersion === 'v1' || apiVersion === '')) {
      throw new SpecError(
        `${d.label}: Secret documents are refused (their values would be kept in the release); name vault keys in the source's secrets instead`,
      );
    }
    const resource = await client.resource(call, apiVersion, kind);
    if (!resource) throw new SpecError(`${d.label}: the cluster serves no ${kind} in ${apiVersion}`);
    const object = structuredClone(d.object);
    if (resource.namespaced) {
      const ns = object.metadata.namespace ?? rules.namespace;
      if (ns !== rules.namespace && !rules.extraNamespaces.includes(ns)) {
        throw new SpecError(
          `${d.label}: namespace ${ns} is not allowed; objects go in ${[rules.namespace, ...rules.extraNamespaces].join(', ')}`,
        );
      }
      object.metadata.namespace = ns;
    } else {
      if (!rules.allowClusterScoped) {
        throw new SpecError(`${d.label}: ${kind} is cluster-scoped; only namespaced objects are applied`);
      }
      delete object.metadata.namespace;
    }
    out.push({ object, label: d.label });
  }
  return out;
}

/** The labels every applied object carries: the instance's, and the ones that say it is ours. */
export function sourceLabels(
  instanceId: string,
  tenantId: string,
  labels: Record<string, string>,
  releaseId?: string,
): Record<string, string> {
  return {
    ...labels,
    [Labels.instance]: instanceId,
    [Labels.tenant]: tenantId,
    [Labels.managedBy]: MANAGED_BY,
    ...(releaseId ? { [Labels.release]: releaseId.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 63) } : {}),
  };
}

/** Applies `docs` (validated) with `labels` merged into each object's; returns the applied set in order. */
export async function applyDocuments(
  client: ObjectClient,
  call: KubeCall,
  docs: ParsedDocument[],
  labels: Record<string, string>,
): Promise<ObjectRef[]> {
  const applied: ObjectRef[] = [];
  for (const d of docs) {
    const obj = structuredClone(d.object);
    obj.metadata.labels = { ...(obj.metadata.labels ?? {}), ...labels };
    await client.apply(call, obj);
    applied.push(refOf(obj));
  }
  return applied;
}

/** Deletes every object of `previous` that `current` does not hold. */
export async function prune(
  client: ObjectClient,
  call: KubeCall,
  previous: readonly ObjectRef[],
  current: readonly ObjectRef[],
): Promise<ObjectRef[]> {
  const keep = new Set(current.map(refKey));
  const gone = previous.filter((r) => !keep.has(refKey(r)));
  for (const r of gone) await client.delete(call, r);
  return gone;
}

/** Writes the record of the applied set into the instance's ConfigMap. */
export async function writeRecord(
  client: ObjectClient,
  call: KubeCall,
  namespace: string,
  instanceId: string,
  labels: Record<string, string>,
  record: SourceRecord,
): Promise<void> {
  await client.apply(call, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: objectName(instanceId), namespace, labels },
    data: { [RECORD_KEY]: JSON.stringify(record) },
  } as KubernetesObject);
}

/** The instance's source record, or undefined when the instance has none (not a source instance). */
export async function readRecord(
  client: ObjectClient,
  call: KubeCall,
  namespace: string,
  instanceId: string,
): Promise<SourceRecord | undefined> {
  const cm = (await client.read(call, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    namespace,
    name: objectName(instanceId),
  })) as { data?: Record<string, string> } | undefined;
  const text = cm?.data?.[RECORD_KEY];
  return text ? (JSON.parse(text) as SourceRecord) : undefined;
}

/** Pods a workload's selector picks (its matchLabels), in its namespace. */
async function podsOf(client: ObjectClient, call: KubeCall, w: Workload, namespace: string): Promise<V1Pod[]> {
  const match = w.spec?.selector?.matchLabels ?? {};
  const selector = Object.entries(match)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  if (!selector) return [];
  const list = await client.list(call, 'v1', 'Pod', namespace, selector);
  return list.items as V1Pod[];
}

/**
 * One object's readiness: a Deployment or StatefulSet by the same rules as
 * an instance's own workload (its pods' containers, worst-of); any other
 * object is ready once it exists.
 */
export async function objectStatus(
  client: ObjectClient,
  call: KubeCall,
  ref: ObjectRef,
  minReadyMs: number,
): Promise<ServiceStatus> {
  const obj = await client.read(call, ref);
  if (!obj) return { state: InstanceStates.failed, ready: false, restarts: 0, message: 'not found in the cluster' };
  if ((ref.kind === 'Deployment' || ref.kind === 'StatefulSet') && ref.apiVersion === 'apps/v1') {
    const w = { ...(obj as Workload), kind: ref.kind } as Workload;
    const pods = await podsOf(client, call, w, ref.namespace ?? '');
    const st = instanceStatus(w, pods, [], { now: Date.now(), minReadyMs });
    const messages = Object.entries(st.services)
      .filter(([, s]) => s.message)
      .map(([name, s]) => `${name}: ${s.message}`);
    return {
      state: st.state,
      ready: st.ready,
      restarts: st.restarts,
      providerRef: `${ref.kind}/${ref.name}`,
      ...(messages.length > 0 ? { message: messages.join('; ') } : {}),
    };
  }
  return { state: InstanceStates.running, ready: true, restarts: 0, providerRef: `${ref.kind}/${ref.name}` };
}

/** The instance status of a manifests source: one entry per object, keyed `Kind/name`, worst-of. */
export async function manifestStatus(
  client: ObjectClient,
  call: KubeCall,
  record: SourceRecord,
  minReadyMs: number,
): Promise<InstanceStatus> {
  const services: Record<string, ServiceStatus> = {};
  let state: InstanceState = InstanceStates.running;
  let ready = true;
  let restarts = 0;
  for (const ref of record.objects) {
    const s = await objectStatus(client, call, ref, minReadyMs);
    services[`${ref.kind}/${ref.name}`] = s;
    state = worseState(state, s.state);
    ready &&= s.ready;
    restarts += s.restarts;
  }
  const unready = Object.entries(services).filter(([, s]) => !s.ready);
  return {
    state,
    ready,
    restarts,
    endpoints: [],
    services,
    ...(unready.length > 0 ? { message: unready.map(([k, s]) => `${k}: ${s.message ?? s.state}`).join('; ') } : {}),
    metadata: { source: record.type },
  };
}
