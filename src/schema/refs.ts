import type { Event, Instance, Operation, Release } from '../control/model.js';
import type { InstanceServiceView } from '../control/queries.js';
import { builder } from './builder.js';

/**
 * Refs of the types that refer to each other across domain files. Each is
 * implemented in its own file (instances.ts, releases.ts, operations.ts,
 * events.ts); declaring them here breaks the import cycle.
 */
export const InstanceRef = builder.objectRef<Instance>('Instance');
export const InstanceServiceRef = builder.objectRef<InstanceServiceView>('InstanceService');
export const ReleaseRef = builder.objectRef<Release>('Release');
export const OperationRef = builder.objectRef<Operation>('Operation');
export const EventRef = builder.objectRef<Event>('Event');
