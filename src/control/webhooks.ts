import { randomUUID } from 'node:crypto';
import type { WebhookConfig } from '../config.js';
import type { WebhookDeliveryRow, WebhookDeliveryStatus, WebhookRow } from '../db/database.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
import * as repo from '../db/repositories/webhook-repository.js';
import { noteAuditTarget } from './audit-context.js';
import { type FieldError, ForbiddenError, NotFoundError, ValidationError } from './errors.js';
import { type Principal, Scopes } from './scopes.js';
import { openSecret, sealSecret } from './secret-crypto.js';
import { webhookUrlErrors } from './webhook-addresses.js';
import { eventTypesErrors, TEST_EVENT_TYPE, testPayload } from './webhook-payload.js';
import type { WebhookSignal } from './webhook-signal.js';
import { newSigningSecret } from './webhook-signing.js';

/** A webhook as the API shows it: never its secret. */
export interface Webhook {
  id: string;
  tenantId: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
}

/** One event's (or a test's) delivery to one webhook. */
export interface WebhookDelivery {
  id: string;
  seq: string;
  webhookId: string;
  messageId: string;
  eventType: string;
  eventId: string | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export function toWebhook(r: WebhookRow): Webhook {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    url: r.url,
    description: r.description,
    eventTypes: r.event_types,
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    createdAt: r.created_at,
  };
}

export function toDelivery(r: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    seq: String(r.seq),
    webhookId: r.webhook_id,
    messageId: r.message_id,
    eventType: r.event_type,
    eventId: r.event_id === null ? null : String(r.event_id),
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.response_status,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
    createdAt: r.created_at,
    deliveredAt: r.delivered_at,
  };
}

/** A message id (the `webhook-id` header): made once per delivery, the same on every attempt. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

const MAX_DESCRIPTION = 500;
/** The longest overlap a rotation may keep the old secret signing: 30 days. */
const MAX_OVERLAP_SECONDS = 30 * 86_400;

/** The vault address a webhook's secrets are sealed to: a row copied elsewhere no longer opens. */
function secretAddress(row: { tenant_id: string; id: string }) {
  return { tenantId: row.tenant_id, key: `_webhook/${row.id}` };
}

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
export function signingSecretsOf(key: Buffer, row: WebhookRow, now: Date): string[] {
  const address = secretAddress(row);
  const current = openSecret(key, address, {
    ciphertext: row.secret_ciphertext,
    iv: row.secret_iv,
    authTag: row.secret_auth_tag,
  });
  const secrets = [current];
  if (
    row.previous_secret_ciphertext &&
    row.previous_secret_iv &&
    row.previous_secret_auth_tag &&
    row.previous_secret_expires_at &&
    row.previous_secret_expires_at > now
  ) {
    secrets.push(
      openSecret(key, address, {
        ciphertext: row.previous_secret_ciphertext,
        iv: row.previous_secret_iv,
        authTag: row.previous_secret_auth_tag,
      }),
    );
  }
  return secrets;
}

/** Input of createWebhook. */
export interface CreateWebhookCommand {
  url: string;
  eventTypes?: string[] | null | undefined;
  description?: string | null | undefined;
}

/** Input of updateWebhook: what is absent stays. */
export interface UpdateWebhookCommand {
  url?: string | null | undefined;
  eventTypes?: string[] | null | undefined;
  description?: string | null | undefined;
  enabled?: boolean | null | undefined;
}

/**
 * The tenant's webhooks (ADMIN). Secrets are sealed with the vault key and
 * shown once, by createWebhook and rotateWebhookSecret. Another tenant's
 * webhook is answered exactly like a missing one.
 */
export class WebhookService {
  constructor(
    readonly db: DbHandle,
    readonly key: Buffer,
    readonly config: WebhookConfig,
    readonly signal: WebhookSignal,
  ) {}

  async list(caller: Principal, page: { limit: number; after?: { createdAt: Date; id: string } | undefined }) {
    requireAdmin(caller);
    return (await repo.listWebhooks(this.db, caller.tenantId, page)).map(toWebhook);
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<Webhook[]> {
    return (await repo.findWebhooksByIds(this.db, tenantId, ids.filter(isUuid))).map(toWebhook);
  }

  async get(caller: Principal, id: string): Promise<Webhook | null> {
    requireAdmin(caller);
    const row = isUuid(id) ? await repo.findWebhook(this.db, caller.tenantId, id) : undefined;
    return row ? toWebhook(row) : null;
  }

  async create(caller: Principal, input: CreateWebhookCommand): Promise<{ webhook: Webhook; signingSecret: string }> {
    requireAdmin(caller);
    const eventTypes = [...new Set(input.eventTypes ?? [])];
    const problems = [
      ...webhookUrlErrors(input.url, this.config.allowPrivate, ['input', 'url']),
      ...eventTypesErrors(eventTypes, ['input', 'eventTypes']),
      ...descriptionErrors(input.description),
    ];
    if (problems.length) throw new ValidationError(problems);
    const id = randomUUID();
    const signingSecret = newSigningSecret();
    const sealed = sealSecret(this.key, secretAddress({ tenant_id: caller.tenantId, id }), signingSecret);
    noteAuditTarget('Webhook', id);
    const row = await withTransaction(this.db, async (trx) =>
      repo.insertWebhook(trx, {
        id,
        tenant_id: caller.tenantId,
        url: input.url,
        description: input.description ?? null,
        event_types: json(eventTypes),
        secret_ciphertext: sealed.ciphertext,
        secret_iv: sealed.iv,
        secret_auth_tag: sealed.authTag,
        // Events from now on: a webhook is not a replay of the past.
        ...(await repo.latestEventCursor(trx)),
      }),
    );
    return { webhook: toWebhook(row), signingSecret };
  }

  async update(caller: Principal, id: string, input: UpdateWebhookCommand): Promise<Webhook> {
    requireAdmin(caller);
    const eventTypes = input.eventTypes ? [...new Set(input.eventTypes)] : undefined;
    const problems: FieldError[] = [
      ...(input.url != null ? webhookUrlErrors(input.url, this.config.allowPrivate, ['input', 'url']) : []),
      ...(eventTypes ? eventTypesErrors(eventTypes, ['input', 'eventTypes']) : []),
      ...descriptionErrors(input.description),
    ];
    if (!isUuid(id)) throw new NotFoundError('webhook');
    if (problems.length) throw new ValidationError(problems);
    const row = await withTransaction(this.db, async (trx) => {
      const current = await repo.lockWebhook(trx, caller.tenantId, id);
      if (!current) throw new NotFoundError('webhook');
      const enabling = input.enabled === true && !current.enabled;
      return repo.updateWebhook(trx, caller.tenantId, id, {
        ...(input.url != null ? { url: input.url } : {}),
        ...(eventTypes ? { event_types: json(eventTypes) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled != null ? { enabled: input.enabled } : {}),
        // Re-enabled: a clean slate, from the events of now on (the ones while it was off are not sent).
        ...(enabling ? { disabled_reason: null, failing_since: null, ...(await repo.latestEventCursor(trx)) } : {}),
        ...(input.enabled === false && current.enabled ? { disabled_reason: 'disabled by request' } : {}),
      });
    });
    if (!row) throw new NotFoundError('webhook');
    if (input.enabled) this.signal.due();
    return toWebhook(row);
  }

  async delete(caller: Principal, id: string): Promise<void> {
    requireAdmin(caller);
    if (!isUuid(id)) throw new NotFoundError('webhook');
    // Each write in a transaction, so the audit entry commits with it (none for a webhook not found).
    await withTransaction(this.db, async (trx) => {
      if (!(await repo.deleteWebhook(trx, caller.tenantId, id))) throw new NotFoundError('webhook');
    });
  }

  /** A new secret; the old one keeps signing beside it for `overlapSeconds` (0: it stops at once). */
  async rotate(
    caller: Principal,
    id: string,
    overlapSeconds: number,
  ): Promise<{ webhook: Webhook; signingSecret: string }> {
    requireAdmin(caller);
    if (!isUuid(id)) throw new NotFoundError('webhook');
    if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > MAX_OVERLAP_SECONDS) {
      // The contract's union has no ValidationError: an out-of-range overlap is clamped, never refused.
      overlapSeconds = Math.min(Math.max(0, Math.trunc(overlapSeconds) || 0), MAX_OVERLAP_SECONDS);
    }
    const signingSecret = newSigningSecret();
    const row = await withTransaction(this.db, async (trx) => {
      const current = await repo.lockWebhook(trx, caller.tenantId, id);
      if (!current) throw new NotFoundError('webhook');
      const sealed = sealSecret(this.key, secretAddress(current), signingSecret);
      return repo.updateWebhook(trx, caller.tenantId, id, {
        secret_ciphertext: sealed.ciphertext,
        secret_iv: sealed.iv,
        secret_auth_tag: sealed.authTag,
        previous_secret_ciphertext: current.secret_ciphertext,
        previous_secret_iv: current.secret_iv,
        previous_secret_auth_tag: current.secret_auth_tag,
        previous_secret_expires_at: new Date(Date.now() + overlapSeconds * 1000),
        secret_version: current.secret_version + 1,
      });
    });
    if (!row) throw new NotFoundError('webhook');
    return { webhook: toWebhook(row), signingSecret };
  }

  /** Queues a test delivery (type webhook.test), due now, even to a disabled webhook's log (it is sent once enabled). */
  async test(caller: Principal, id: string, webhookGlobalId: string): Promise<WebhookDelivery> {
    requireAdmin(caller);
    if (!isUuid(id)) throw new NotFoundError('webhook');
    const hook = await repo.findWebhook(this.db, caller.tenantId, id);
    if (!hook) throw new NotFoundError('webhook');
    const now = new Date();
    const row = await withTransaction(this.db, (trx) =>
      repo.insertDelivery(trx, {
        id: randomUUID(),
        tenant_id: caller.tenantId,
        webhook_id: id,
        event_id: null,
        message_id: newMessageId(),
        event_type: TEST_EVENT_TYPE,
        payload: testPayload(now, webhookGlobalId),
        event_occurred_at: now,
        next_attempt_at: now,
      }),
    );
    this.signal.due();
    return toDelivery(row);
  }

  /** Sends a delivery again: the same message id and body, a fresh retry schedule. */
  async redeliver(caller: Principal, deliveryId: string): Promise<WebhookDelivery> {
    requireAdmin(caller);
    if (!isUuid(deliveryId)) throw new NotFoundError('webhook delivery');
    const row = await withTransaction(this.db, async (trx) => {
      const requeued = await repo.requeueDelivery(trx, caller.tenantId, deliveryId);
      if (!requeued) throw new NotFoundError('webhook delivery');
      return requeued;
    });
    this.signal.due();
    return toDelivery(row);
  }

  async deliveries(
    tenantId: string,
    webhookId: string,
    page: { limit: number; beforeSeq?: string | undefined; status?: WebhookDeliveryStatus | undefined },
  ): Promise<WebhookDelivery[]> {
    return (await repo.listDeliveries(this.db, tenantId, webhookId, page)).map(toDelivery);
  }

  async deliveriesByIds(tenantId: string, ids: readonly string[]): Promise<WebhookDelivery[]> {
    return (await repo.findDeliveriesByIds(this.db, tenantId, ids.filter(isUuid))).map(toDelivery);
  }
}

function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

function descriptionErrors(description: string | null | undefined): FieldError[] {
  if (description && description.length > MAX_DESCRIPTION) {
    return [{ path: ['input', 'description'], message: `must be at most ${MAX_DESCRIPTION} characters` }];
  }
  return [];
}

function requireAdmin(caller: Principal): void {
  if (!caller.scopes.has(Scopes.admin)) throw new ForbiddenError('webhooks need the ADMIN scope', Scopes.admin);
}
