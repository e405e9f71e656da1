/**
 * The clients that do not go through the generated API's request middleware,
 * so a call's `Authorization` header (KubeCall.opts) never reaches them: the
 * pod log stream, exec over WebSocket, the metrics API and watches. They
 * authenticate from a KubeConfig, so for a vault credential each gets a copy
 * of the kubeconfig whose only user carries that bearer token (the cluster,
 * its CA and TLS settings stay the kubeconfig's). Copies are kept per token,
 * a few at a time, so a rotation builds one new set and the old one ages out.
 */
import { Exec, KubeConfig, Log, Metrics, Watch } from '@kubernetes/client-node';
import { LRUCache } from 'lru-cache';

/** Clients built from one KubeConfig. */
export interface StreamClients {
  log: Log;
  exec: Exec;
  metrics: Metrics;
  watch: Watch;
}

/** The user and context names of a credential's kubeconfig copy. */
const CREDENTIAL_USER = 'wheelhouse-credential';

/** StreamClients per bearer token, and the kubeconfig's own without one (see the module comment). */
export class CredentialClients {
  readonly #kubeConfig: KubeConfig;
  readonly #own: StreamClients;
  // Keyed by the token itself: it is in this process's memory either way, and is never logged from here.
  readonly #byToken = new LRUCache<string, StreamClients>({ max: 4 });
  #latest: string | undefined;

  constructor(kubeConfig: KubeConfig) {
    this.#kubeConfig = kubeConfig;
    this.#own = clientsOf(kubeConfig);
  }

  /**
   * The clients that authenticate with `token`, or as the kubeconfig's user
   * without one. A token is also remembered as the latest (see `latest`).
   */
  for(token: string | undefined): StreamClients {
    if (!token) return this.#own;
    this.#latest = token;
    let clients = this.#byToken.get(token);
    if (!clients) {
      clients = clientsOf(withBearer(this.#kubeConfig, token));
      this.#byToken.set(token, clients);
    }
    return clients;
  }

  /**
   * The token of the latest call that carried one: what long-lived requests
   * that belong to no call (watches, a followed log's later pods) use when
   * they (re)open, so a rotation reaches them at their next reconnect.
   */
  get latest(): string | undefined {
    return this.#latest;
  }

  /** The clients of the latest token (the kubeconfig's own before any). */
  forLatest(): StreamClients {
    return this.for(this.#latest);
  }
}

function clientsOf(kc: KubeConfig): StreamClients {
  return { log: new Log(kc), exec: new Exec(kc), metrics: new Metrics(kc), watch: new Watch(kc) };
}

/** A copy of `kc` whose current context reaches the same cluster as a user with only `token`. */
function withBearer(kc: KubeConfig, token: string): KubeConfig {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('kubeconfig has no current cluster');
  const copy = new KubeConfig();
  copy.loadFromOptions({
    clusters: [cluster],
    users: [{ name: CREDENTIAL_USER, token }],
    contexts: [{ name: CREDENTIAL_USER, cluster: cluster.name, user: CREDENTIAL_USER }],
    currentContext: CREDENTIAL_USER,
  });
  return copy;
}
