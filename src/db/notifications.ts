/**
 * LISTEN/NOTIFY, on a Postgres server and on embedded PGlite. It lives in
 * `db/` because it is SQL and a driver connection: the event hub only wants
 * "tell me when a payload arrives on this channel", and must not know that a
 * server needs its own long-lived client (a pooled one would drop the LISTEN
 * when returned) that reconnects when the server drops it, while PGlite
 * delivers notifications in process on its one session.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger.js';
import type { DatabaseHandle } from './connect.js';

/** What a listener calls back. */
export interface NotificationHandlers {
  /** A NOTIFY arrived on the channel, with its payload ('' when it had none). */
  onNotification(payload: string): void;
  /**
   * The LISTEN is in place (at start, and again after each reconnection).
   * Notifications sent while nobody listened are lost: read what you may have missed.
   */
  onListening?(): void;
  /** The LISTEN was lost (the server dropped the connection); a reconnection follows. */
  onLost?(): void;
}

/** Options of a listener. */
export interface NotificationListenerOptions {
  logger?: Logger | undefined;
  /** Wait before reconnecting to a server that dropped the listener, ms (default 1000). */
  reconnectMs?: number;
  /**
   * The server connection's `application_name`, so others can find the
   * listening backends in `pg_stat_activity` (the revocation feed counts them).
   */
  applicationName?: string;
}

// The channel is spliced into LISTEN (it cannot be a parameter): only plain identifiers.
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Listens on one channel until closed. On a Postgres server it holds its own
 * client outside the pool and reconnects (every `reconnectMs`) until it can;
 * on PGlite it listens on the shared session. On any other target it does
 * nothing (`listening` stays false; callers poll).
 */
export class NotificationListener {
  #client: pg.Client | undefined;
  #unlistenPglite: (() => void) | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #listening = false;
  #pid: number | null = null;
  #closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
    private readonly options: NotificationListenerOptions = {},
  ) {
    if (!CHANNEL_NAME.test(channel)) throw new RangeError(`not a channel name: ${channel}`);
  }

  /** Whether the LISTEN is in place now. */
  get listening(): boolean {
    return this.#listening;
  }

  /** The server backend holding the LISTEN (null on PGlite, or while reconnecting). */
  get pid(): number | null {
    return this.#pid;
  }

  /**
   * Starts listening. Resolves once the first attempt is over: listening, or
   * (on a server that cannot be reached) failed and retrying in the background.
   */
  async start(): Promise<void> {
    const { database, channel } = this;
    if (database.pglite) {
      // LISTEN goes through Kysely so it runs between other callers' transactions on the one session.
      // It is never UNLISTENed: another listener may share this session (two apps over one handle).
      this.#unlistenPglite = database.pglite.onNotification((ch, payload) => {
        if (ch === channel) this.handlers.onNotification(payload);
      });
      await sql.raw(`listen ${channel}`).execute(database.db);
      this.#listening = true;
      this.handlers.onListening?.();
      return;
    }
    if (database.target.kind === 'postgres') await this.#connect(database.target.url);
  }

  /** Stops listening and closes the connection. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    this.#unlistenPglite?.();
    this.#unlistenPglite = undefined;
    const client = this.#client;
    this.#client = undefined;
    this.#listening = false;
    this.#pid = null;
    if (client) await client.end().catch(() => {});
  }

  async #connect(url: string): Promise<void> {
    if (this.#closed) return;
    const { channel, options } = this;
    const client = new pg.Client({
      connectionString: url,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    });
    const retry = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      if (this.#listening) this.handlers.onLost?.();
      this.#listening = false;
      this.#pid = null;
      client.end().catch(() => {});
      if (this.#closed) return;
      options.logger?.warn({ channel }, 'notification listener lost its connection; reconnecting');
      clearTimeout(this.#reconnectTimer);
      this.#reconnectTimer = setTimeout(() => void this.#connect(url), options.reconnectMs ?? 1000);
      this.#reconnectTimer.unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (msg) => {
      if (msg.channel === channel) this.handlers.onNotification(msg.payload ?? '');
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      const pid = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.#pid = pid.rows[0]?.pid ?? null;
      this.#listening = true;
      this.handlers.onListening?.();
    } catch (err) {
      options.logger?.warn({ err, channel }, 'notification listener could not connect; retrying');
      retry();
    }
  }
}
