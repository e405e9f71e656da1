import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressRefusedError, literalAddress, refusedAddress } from '../control/webhook-addresses.js';

/** How one attempt ended, for the delivery log and the metrics' outcome label. */
export interface AttemptResult {
  outcome: 'succeeded' | 'gone' | 'http_error' | 'timeout' | 'connection_error' | 'refused';
  responseStatus: number | null;
  error: string | null;
}

/** The agents every attempt connects through: keep-alive, and the guard's lookup on every new socket. */
export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

export function createWebhookAgents(lookup: LookupFunction): WebhookAgents {
  const options = { keepAlive: true, lookup, maxFreeSockets: 64 };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** Bytes of an answer read (and thrown away) before the connection is let go. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one message. Redirects are not followed (a 3xx is a failed attempt);
 * the whole attempt, from connect to the end of the answer, is bounded by
 * `timeoutMs`. A literal address in the URL never reaches a lookup, so it is
 * checked here; a name is checked by the agents' lookup at connect time.
 */
export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  agents: WebhookAgents,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<AttemptResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ outcome: 'refused', responseStatus: null, error: 'the URL is not valid' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve({ outcome: 'refused', responseStatus: null, error: 'only http and https URLs are sent to' });
  }
  const literal = literalAddress(url.hostname);
  const why = literal ? refusedAddress(literal, allowPrivate) : undefined;
  if (why) return Promise.resolve({ outcome: 'refused', responseStatus: null, error: `refused: ${why}` });

  const secure = url.protocol === 'https:';
  const payload = Buffer.from(body, 'utf8');
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const done = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(payload.length),
        'user-agent': 'Wheelhouse-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      request.destroy(new Error('timeout'));
      done({ outcome: 'timeout', responseStatus: null, error: `no complete answer within ${timeoutMs} ms` });
    }, timeoutMs);
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      const finish = () => {
        if (status >= 200 && status < 300) done({ outcome: 'succeeded', responseStatus: status, error: null });
        else if (status === 410)
          done({ outcome: 'gone', responseStatus: status, error: 'the receiver answered 410 Gone' });
        else if (status >= 300 && status < 400)
          done({ outcome: 'http_error', responseStatus: status, error: `redirect (${status}) not followed` });
        else done({ outcome: 'http_error', responseStatus: status, error: `the receiver answered ${status}` });
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof AddressRefusedError || err.code === 'EWEBHOOKREFUSED') {
        done({ outcome: 'refused', responseStatus: null, error: err.message });
      } else {
        done({ outcome: 'connection_error', responseStatus: null, error: `${err.code ?? 'error'}: ${err.message}` });
      }
    });
    request.end(payload);
  });
}
