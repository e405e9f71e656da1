import type { InstanceState } from '../providers/provider.js';
import { InvalidStateError } from './errors.js';
import type { DesiredState } from './model.js';

/** Actions a caller can ask for on an existing instance. */
export type InstanceAction =
  | 'deploy'
  | 'scale'
  | 'rollback'
  | 'start'
  | 'stop'
  | 'restart'
  | 'deprovision'
  | 'exec'
  | 'job'
  | 'backup'
  | 'restore';

/**
 * Which observed states allow each action (the seed's lifecycle:
 * provisioning → starting → running → stopping → stopped …). Operations queue
 * behind each other, so a deploy may be asked while the provision still runs.
 */
const ALLOWED: Record<InstanceAction, readonly InstanceState[]> = {
  deploy: ['provisioning', 'starting', 'running', 'failed'],
  scale: ['provisioning', 'starting', 'running', 'failed'],
  rollback: ['provisioning', 'starting', 'running', 'failed'],
  start: ['stopped', 'stopping', 'failed'],
  stop: ['provisioning', 'starting', 'running', 'failed'],
  restart: ['starting', 'running', 'failed', 'stopped'],
  deprovision: ['provisioning', 'starting', 'running', 'stopping', 'stopped', 'failed'],
  exec: ['running', 'starting'],
  // A job queues behind the provision or deploy before it, as a deploy does: it needs the instance's network.
  job: ['provisioning', 'starting', 'running', 'failed'],
  // A backup or restore reads or writes a volume: the instance's containers must exist, running or not.
  backup: ['provisioning', 'starting', 'running', 'failed', 'stopped'],
  restore: ['provisioning', 'starting', 'running', 'failed', 'stopped'],
};

/** What an instance stopped only because it is scaled to zero still takes. */
const AT_REST_ACTIONS: ReadonlySet<InstanceAction> = new Set(['scale', 'deploy', 'rollback']);

const VERB: Record<InstanceAction, string> = {
  deploy: 'deploy to',
  scale: 'scale',
  rollback: 'roll back',
  start: 'start',
  stop: 'stop',
  restart: 'restart',
  deprovision: 'deprovision',
  exec: 'exec into',
  job: 'run a job on',
  backup: 'back up a volume of',
  restore: 'restore a volume of',
};

/**
 * Throws InvalidStateError unless `action` is allowed now. A teardown in
 * progress forbids everything; a scale, deploy or rollback is also allowed on
 * an instance that is stopped while meant to run (scaled to zero).
 */
export function assertAllowed(action: InstanceAction, state: InstanceState, desired: DesiredState): void {
  if (desired === 'destroyed')
    throw new InvalidStateError(state === 'destroyed' ? 'destroyed' : 'destroying', VERB[action]);
  // Scaled to zero, an instance meant to run is observed stopped (at rest): scaling up is how it comes back,
  // and a deploy or rollback rolls out its release (whose replica counts bring it up). Only a stop the
  // owner asked for (desired stopped) refuses them.
  if (AT_REST_ACTIONS.has(action) && state === 'stopped' && desired === 'running') return;
  if (!ALLOWED[action].includes(state)) throw new InvalidStateError(state, VERB[action]);
}
