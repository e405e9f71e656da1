import {
  CapabilityNotSupportedError,
  ConflictError,
  type FieldError,
  ForbiddenError,
  IdempotencyConflictError,
  InvalidStateError,
  NotFoundError,
  ProviderUnavailableError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import { builder } from './builder.js';
import { CapabilityEnum, InstanceStateEnum, ScopeEnum } from './enums.js';

/** Every expected failure implements this. */
export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'An expected failure, returned as a member of a mutation result union.',
  fields: (t) => ({ message: t.exposeString('message', { description: 'What went wrong, safe to show a user.' }) }),
});

const FieldErrorRef = builder.objectRef<FieldError>('FieldError').implement({
  description: 'One problem with one input field.',
  fields: (t) => ({
    path: t.exposeStringList('path', {
      description: 'Path from the argument root, e.g. ["input","services","1","ports","0","host"].',
    }),
    message: t.exposeString('message', { description: 'What is wrong with the value.' }),
  }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  description: 'The input breaks a rule; nothing was changed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    fieldErrors: t.field({
      type: [FieldErrorRef],
      description: 'Each problem, by field path.',
      resolve: (e) => e.fieldErrors,
    }),
  }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  description: 'No such object, or not yours (the two are indistinguishable on purpose).',
  interfaces: [ErrorInterface],
  fields: () => ({}),
});

builder.objectType(CapabilityNotSupportedError, {
  name: 'CapabilityNotSupportedError',
  description: "The instance's provider does not declare the capability this needs.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    capability: t.field({ type: CapabilityEnum, description: 'The missing capability.', resolve: (e) => e.capability }),
    provider: t.exposeString('provider', { description: "The provider's registry key." }),
  }),
});

builder.objectType(InvalidStateError, {
  name: 'InvalidStateError',
  description: "The instance's state does not allow this now.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    state: t.field({ type: InstanceStateEnum, description: 'The state the instance is in.', resolve: (e) => e.state }),
  }),
});

builder.objectType(ConflictError, {
  name: 'ConflictError',
  description: 'Someone changed the object first (stale expectedVersion), or the name is taken.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    currentVersion: t.int({
      nullable: true,
      description: 'The version the object has now.',
      resolve: (e) => e.currentVersion ?? null,
    }),
  }),
});

builder.objectType(IdempotencyConflictError, {
  name: 'IdempotencyConflictError',
  description: 'The idempotency key was already used with a different request.',
  interfaces: [ErrorInterface],
  fields: () => ({}),
});

builder.objectType(ProviderUnavailableError, {
  name: 'ProviderUnavailableError',
  description: 'The provider could not be reached.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ provider: t.exposeString('provider', { description: "The provider's registry key." }) }),
});

builder.objectType(ForbiddenError, {
  name: 'ForbiddenError',
  description: 'The token lacks a scope this needs.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    requiredScope: t.field({
      type: ScopeEnum,
      nullable: true,
      description: 'The scope that is missing.',
      resolve: (e) => e.requiredScope ?? null,
    }),
  }),
});

builder.objectType(RateLimitedError, {
  name: 'RateLimitedError',
  description: 'Too many mutations from this token; try again later.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    retryAfterSeconds: t.exposeInt('retryAfterSeconds', { description: 'Seconds until a retry may succeed.' }),
  }),
});
