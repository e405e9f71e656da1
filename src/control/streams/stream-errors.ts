/**
 * The two ways a live stream is refused or ended for a reason the client can
 * act on. They are domain errors (not transport ones) so every transport
 * answers them with the same `extensions.code`.
 */
import { DomainError } from '../errors.js';

/** Too many open subscriptions; answered with `extensions.code` SUBSCRIPTION_LIMIT. */
export class SubscriptionLimitError extends DomainError {
  override readonly name = 'SubscriptionLimitError';
  readonly extensions = { code: 'SUBSCRIPTION_LIMIT' };
}

/**
 * The token behind a stream was revoked or expired; the stream ends with it.
 * Named for the code clients already know from HTTP 401 and socket close 4401.
 */
export class TokenRevokedError extends DomainError {
  override readonly name = 'UnauthenticatedError';
  readonly extensions = { code: 'UNAUTHENTICATED' };
  constructor() {
    super('the token was revoked or has expired');
  }
}
