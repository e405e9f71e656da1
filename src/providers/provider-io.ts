/**
 * The provider contract's logs and exec shapes (the contract itself is
 * provider.ts, which re-exports these).
 */

/** Log streaming options. `serviceName` empty means the main service. */
export interface LogOptions {
  serviceName?: string;
  follow: boolean;
  since?: Date;
  tail?: number;
}

/** One demultiplexed log line. */
export interface LogEntry {
  timestamp: Date;
  stream: 'stdout' | 'stderr';
  service: string;
  replica?: number;
  message: string;
}

/**
 * A stream of log lines. Closing it (or breaking out of the iteration) stops
 * the request to the backend; a provider must not leave the connection open.
 */
export interface LogStream extends AsyncIterable<LogEntry> {
  close(): Promise<void>;
}

/** A command to run inside a service. */
export interface ExecRequest {
  command: string[];
  /** Service to run in; omitted means the main service. */
  serviceName?: string;
  stdin?: string;
  tty?: boolean;
  /** The command is killed (exit code 124 by convention) after this long. */
  timeoutMs?: number;
}

/** The result of Exec. */
export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}
