import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a receiver got, as it arrived, with what verified it. */
export interface ReceivedMessage {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The body parsed, when a secret verified it. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | undefined;
  /** Which of the receiver's secrets verify this request (standardwebhooks, the reference implementation). */
  verifiedBy: string[];
  /** The status the receiver answered (undefined: it never answered). */
  answered: number | undefined;
}

/** What to answer the n-th request carrying a message id (1-based): a status, or 'hang' (never answer). */
export type Answer = (message: ReceivedMessage, nthOfId: number) => number | 'hang';

/**
 * A webhook receiver on loopback that verifies every request with the
 * `standardwebhooks` package against the secrets it is given, and records it.
 */
export class WebhookReceiver {
  readonly received: ReceivedMessage[] = [];
  secrets: string[] = [];
  answer: Answer = () => 200;
  #server: Server | undefined;
  #port = 0;
  readonly #waiters = new Set<() => void>();
  readonly #hanging = new Set<() => void>();

  get url(): string {
    return `http://127.0.0.1:${this.#port}/hook`;
  }

  get port(): number {
    return this.#port;
  }

  /** Listens on `port` (0: a free one). */
  async listen(port = 0): Promise<this> {
    const server = createServer((req, res) => {
      void this.#handle(req).then((status) => {
        if (status === 'hang') {
          this.#hanging.add(() => res.destroy());
          return;
        }
        res.writeHead(status).end('ok');
      });
    });
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Stops listening and cuts every connection (a receiver that goes down). */
  async close(): Promise<void> {
    for (const h of this.#hanging) h();
    this.#hanging.clear();
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Requests whose body's `type` is `type`. */
  ofType(type: string): ReceivedMessage[] {
    return this.received.filter((m) => m.payload?.type === type);
  }

  /** Resolves when `check` holds (checked now and on every request), or fails after `timeoutMs`. */
  waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!check()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}; received ${this.received.length}: ${this.#summary()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#waiters.delete(waiter);
      };
      this.#waiters.add(waiter);
    });
  }

  #summary(): string {
    return this.received.map((m) => `${m.payload?.type ?? '?'}:${m.id}:${m.answered ?? 'hang'}`).join(', ');
  }

  async #handle(req: IncomingMessage): Promise<number | 'hang'> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = {
      'webhook-id': String(req.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
    };
    const verifiedBy: string[] = [];
    let payload: ReceivedMessage['payload'];
    for (const secret of this.secrets) {
      try {
        payload = new Webhook(secret).verify(body, headers) as ReceivedMessage['payload'];
        verifiedBy.push(secret);
      } catch {
        // not this secret
      }
    }
    const message: ReceivedMessage = {
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      body,
      payload,
      verifiedBy,
      answered: undefined,
    };
    const nth = this.received.filter((m) => m.id === message.id).length + 1;
    const status = this.answer(message, nth);
    message.answered = status === 'hang' ? undefined : status;
    this.received.push(message);
    for (const w of [...this.#waiters]) w();
    return status;
  }
}
