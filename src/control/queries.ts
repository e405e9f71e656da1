import DataLoader from 'dataloader';
import type { DbHandle } from '../db/db-types.js';
import * as events from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import * as releases from '../db/repositories/release-repository.js';
import {
  decodeEventCursor,
  decodeTimeCursor,
  encodeTimeCursor,
  type Page,
  pageOf,
  pageSize,
  type TimeKey,
} from './cursor.js';
import { ValidationError } from './errors.js';
import { InstanceRows } from './instance-rows.js';
import {
  type Event,
  type Instance,
  type Operation,
  type Release,
  type StoredServiceSpec,
  toEvent,
  toInstance,
  toOperation,
  toRelease,
} from './model.js';

/** Cursors of kept instances: a kept row is the same object on every page, so its cursor is encoded once. */
const cursors = new WeakMap<Instance, string>();

function instanceCursor(i: Instance): string {
  let cursor = cursors.get(i);
  if (cursor === undefined) {
    cursor = encodeTimeCursor(i);
    cursors.set(i, cursor);
  }
  return cursor;
}

function decodeNumber(cursor: string, field = 'after'): string {
  if (/^\d{1,18}$/.test(cursor)) return cursor;
  throw ValidationError.of([field], 'not a cursor this field returned');
}

/** A service of an instance, as the API lists it (its name and image as plain properties, read inline). */
export interface InstanceServiceView {
  instance: Instance;
  spec: StoredServiceSpec;
  name: string;
  image: string;
}

/** The service views of an instance: built once per kept (shared, frozen) instance, not on every page. */
const serviceViews = new WeakMap<Instance, readonly InstanceServiceView[]>();

/** An instance's services as the API shows them, in spec order. */
export function servicesOf(instance: Instance): readonly InstanceServiceView[] {
  let views = serviceViews.get(instance);
  if (!views) {
    views = instance.services.map((spec) => serviceView(instance, spec));
    // A kept instance is shared by every request: so are its views, frozen like it.
    if (Object.isFrozen(instance)) serviceViews.set(instance, Object.freeze(views.map((v) => Object.freeze(v))));
  }
  return views;
}

function serviceView(instance: Instance, spec: StoredServiceSpec): InstanceServiceView {
  return { instance, spec, name: spec.name, image: spec.image };
}

/** One page read: whose, which filter, how many, after which row. */
interface PageRead {
  tenantId: string;
  filter: instances.InstanceListFilter;
  limit: number;
  after: TimeKey | undefined;
}

/** Two reads with the same key read the same rows. */
function pageReadKey(r: PageRead): string {
  return JSON.stringify([r.tenantId, r.filter, r.limit, r.after?.createdAt.getTime(), r.after?.id]);
}

/** A page of instances and the current releases of its rows, read with it (for the release loader). */
export type InstancePage = Page<Instance> & { currentReleases: Release[] };

/**
 * Reads, always scoped to one tenant; the loaders batch the by-id ones so a
 * page of N instances costs the same few statements whatever N is.
 */
export class QueryService {
  /** Instances and releases as read, by row version (see instance-rows.ts). */
  readonly #rows = new InstanceRows();

  constructor(private readonly db: DbHandle) {}

  async instancesByIds(tenantId: string, ids: readonly string[]): Promise<Instance[]> {
    return (await instances.findInstancesByIds(this.db, tenantId, ids)).map(toInstance);
  }
  async releasesByIds(tenantId: string, ids: readonly string[]): Promise<Release[]> {
    return (await releases.findReleasesByIds(this.db, tenantId, ids)).map(toRelease);
  }
  async operationsByIds(tenantId: string, ids: readonly string[]): Promise<Operation[]> {
    return (await operations.findOperationsByIds(this.db, tenantId, ids)).map(toOperation);
  }
  async eventsByIds(tenantId: string, ids: readonly string[]): Promise<Event[]> {
    return (
      await events.findEventsByIds(
        this.db,
        tenantId,
        ids.filter((id) => /^\d{1,18}$/.test(id)),
      )
    ).map(toEvent);
  }
  async latestOperations(tenantId: string, instanceIds: readonly string[]): Promise<Operation[]> {
    return (await operations.findLatestOperations(this.db, tenantId, instanceIds)).map(toOperation);
  }

  /**
   * A page of a tenant's instances, newest first. Identical page reads of one
   * event-loop turn share one read (see #pages); the filter and cursor are
   * checked first, so a bad one fails only its own request.
   */
  async instances(
    tenantId: string,
    filter: instances.InstanceListFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<InstancePage> {
    const limit = pageSize(first);
    const key = after ? decodeTimeCursor(after) : undefined;
    return this.#pages.load({ tenantId, filter, limit, after: key });
  }

  /**
   * Reads of a page, batched per turn of the event loop: a dashboard fleet
   * polls the same first page of a tenant, and on a busy server several such
   * requests arrive between two turns. Each distinct page is read once for all
   * of them, with a statement sent after every one of them arrived, so each
   * sees what it would have seen alone, or newer (a write that committed
   * before a request came is in its answer). Nothing is kept between turns.
   */
  readonly #pages = new DataLoader<PageRead, InstancePage>(
    async (reads) => {
      const byKey = new Map<string, Promise<InstancePage>>();
      return Promise.all(
        reads.map((r) => {
          const k = pageReadKey(r);
          let page = byKey.get(k);
          if (!page) {
            page = this.#readPage(r);
            byKey.set(k, page);
          }
          return page.catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
        }),
      );
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );

  async #readPage({ tenantId, filter, limit, after }: PageRead): Promise<InstancePage> {
    // Where the page's rows stand; only the rows not already read at that version are read whole.
    const versions = await instances.listInstances(this.db, tenantId, filter, {
      limit: limit + 1,
      ...(after ? { after } : {}),
    });
    const items: (Instance | undefined)[] = [];
    const missing: string[] = [];
    for (const v of versions) {
      const kept = this.#rows.instance(tenantId, v.id, v.row_version);
      if (!kept) missing.push(v.id);
      items.push(kept);
    }
    if (missing.length > 0) {
      const read = new Map<string, Instance>();
      for (const row of await instances.findListedInstancesByIds(this.db, tenantId, missing))
        read.set(row.id, this.#rows.remember(row));
      // A row written since the page's statement is read as it is now; one deleted since is left out.
      for (let i = 0; i < items.length; i++) items[i] ??= read.get(versions[i]!.id);
    }
    const listed = items.filter((i): i is Instance => i !== undefined);
    const currentReleases: Release[] = [];
    for (const i of listed) {
      const release = i.currentReleaseId ? this.#rows.release(tenantId, i.currentReleaseId) : undefined;
      if (release) currentReleases.push(release);
    }
    return { ...pageOf(listed, limit, instanceCursor, !!after), currentReleases };
  }

  async services(
    tenantId: string,
    filter: instances.ServiceListFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<InstanceServiceView>> {
    const limit = pageSize(first);
    let key: { createdAt: Date; id: string; ordinality: number } | undefined;
    if (after) {
      const [time, ord] = after.split('.');
      const k = decodeTimeCursor(time ?? '');
      if (!ord || !/^\d+$/.test(ord)) throw ValidationError.of(['after'], 'not a cursor this field returned');
      key = { ...k, ordinality: Number(ord) };
    }
    const rows = await instances.listServices(this.db, tenantId, filter, { limit: limit + 1, after: key });
    const views = rows.map((r) => ({ ...serviceView(toInstance(r.instance), r.spec), ordinality: r.ordinality }));
    return pageOf(views, limit, (v) => `${encodeTimeCursor(v.instance)}.${v.ordinality}`, !!key);
  }

  async releases(
    tenantId: string,
    instanceId: string,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<Release>> {
    const limit = pageSize(first);
    const before = after ? Number(decodeNumber(after)) : undefined;
    const rows = await releases.listReleases(this.db, tenantId, instanceId, {
      limit: limit + 1,
      beforeVersion: before,
    });
    return pageOf(rows.map(toRelease), limit, (r) => String(r.version), before !== undefined);
  }

  async operations(
    tenantId: string,
    instanceId: string,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<Operation>> {
    const limit = pageSize(first);
    const before = after ? decodeNumber(after) : undefined;
    const rows = await operations.listOperations(this.db, tenantId, instanceId, {
      limit: limit + 1,
      beforeSeq: before,
    });
    return pageOf(rows.map(toOperation), limit, (o) => o.seq, before !== undefined);
  }

  /** Events newest first; `after` is the cursor of the last one seen (so the next page is older). */
  async events(
    tenantId: string,
    filter: events.EventListFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<Event>> {
    const limit = pageSize(first);
    const before = after ? decodeEventCursor(after, 'after', 'not a cursor this field returned') : undefined;
    const rows = await events.listEventsBefore(this.db, tenantId, filter, { limit: limit + 1, before });
    return pageOf(rows.map(toEvent), limit, (e) => e.cursor, before !== undefined);
  }
}
