/**
 * The shapes volume backups (issue 36) share with schedules: how a backup
 * keeps its volume consistent, its hook, and a backup schedule's `backup`
 * with its retention (in and out). Apart from backups.ts, which reads
 * schedules.ts, so schedules.ts can take them without a cycle.
 */
import type { ScheduledBackup } from '../db/stored-shapes.js';
import { builder } from './builder.js';

export const BackupConsistencyEnum = builder.enumType('BackupConsistency', {
  description: 'How a backup keeps the volume consistent while it reads it.',
  values: {
    LIVE: {
      value: 'live',
      description: 'Copied as is while the services write to it: a crash-consistent copy at best.',
    },
    STOP: {
      value: 'stop',
      description:
        'The services mounting the volume are stopped (routed ones drained first) and started again after, whichever way the copy ends.',
    },
    HOOK: {
      value: 'hook',
      description:
        "The hook's `before` command runs in its service, the volume is copied, then `after`; nothing is stopped.",
    },
  } as const,
});

export const BackupHookInput = builder.inputType('BackupHookInput', {
  description: 'Commands run in a service around a HOOK backup (e.g. a dump or a freeze, then a thaw).',
  fields: (t) => ({
    service: t.string({ required: true, description: 'The service the commands run in (as exec does).' }),
    before: t.stringList({
      description: 'One command and its arguments, run before the volume is read; a non-zero exit fails the backup.',
    }),
    after: t.stringList({
      description: 'One command and its arguments, run after the volume was read (also when the copy failed).',
    }),
  }),
});

const BackupRetentionInput = builder.inputType('BackupRetentionInput', {
  description:
    "How many of a backup schedule's backups are kept (restic/borg semantics, in the schedule's time zone); every other one is deleted, archive and record, after each of its backups succeeds. At least one count above 0.",
  fields: (t) => ({
    last: t.int({ defaultValue: 7, description: 'The newest N backups (0 to 1000).' }),
    daily: t.int({ defaultValue: 7, description: 'The newest backup of each of the last N days that have one.' }),
    weekly: t.int({
      defaultValue: 4,
      description: 'The newest backup of each of the last N ISO weeks (Monday to Sunday) that have one.',
    }),
    monthly: t.int({ defaultValue: 6, description: 'The newest backup of each of the last N months that have one.' }),
  }),
});

export const ScheduledBackupInput = builder.inputType('ScheduledBackupInput', {
  description: 'What a backup schedule backs up at each tick (as backupVolume), and how many backups it keeps.',
  fields: (t) => ({
    volume: t.string({ required: true, description: "The volume's name in the service specs." }),
    consistency: t.field({
      type: BackupConsistencyEnum,
      defaultValue: 'stop',
      description: 'How the volume is kept consistent while it is read (STOP by default).',
    }),
    hook: t.field({ type: BackupHookInput, description: 'For HOOK: the service and its before/after commands.' }),
    retention: t.field({
      type: BackupRetentionInput,
      description: 'How many backups are kept (left out: last 7, daily 7, weekly 4, monthly 6).',
    }),
  }),
});

type Retention = ScheduledBackup['retention'];
type Hook = NonNullable<ScheduledBackup['hook']>;

const BackupRetentionRef = builder.objectRef<Retention>('BackupRetention').implement({
  description: "How many of a backup schedule's backups are kept (see BackupRetentionInput).",
  fields: (t) => ({
    last: t.exposeInt('last', { description: 'The newest N.' }),
    daily: t.exposeInt('daily', { description: 'The newest of each of the last N days that have one.' }),
    weekly: t.exposeInt('weekly', { description: 'The newest of each of the last N ISO weeks that have one.' }),
    monthly: t.exposeInt('monthly', { description: 'The newest of each of the last N months that have one.' }),
  }),
});

const BackupHookRef = builder.objectRef<Hook>('BackupHook').implement({
  description: 'Commands run in a service around a HOOK backup.',
  fields: (t) => ({
    service: t.exposeString('service', { description: 'The service the commands run in.' }),
    before: t.exposeStringList('before', { description: 'Run before the volume is read (empty: none).' }),
    after: t.exposeStringList('after', { description: 'Run after the volume was read (empty: none).' }),
  }),
});

export const ScheduledBackupRef = builder.objectRef<ScheduledBackup>('ScheduledBackup').implement({
  description: 'What a backup schedule backs up at each tick, and how many backups it keeps.',
  fields: (t) => ({
    volume: t.exposeString('volume', { description: "The volume's name in the service specs." }),
    consistency: t.field({
      type: BackupConsistencyEnum,
      description: 'How the volume is kept consistent.',
      resolve: (b) => b.consistency,
    }),
    hook: t.field({
      type: BackupHookRef,
      nullable: true,
      description: 'For HOOK: its service and commands.',
      resolve: (b) => b.hook,
    }),
    retention: t.field({ type: BackupRetentionRef, description: 'How many are kept.', resolve: (b) => b.retention }),
  }),
});
