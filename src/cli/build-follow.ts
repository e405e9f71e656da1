import type { WheelhouseClient } from '../client/client.js';
import { type BuildFieldsFragment, InstanceBuildsDocument } from '../client/generated/graphql.js';
import { CliError, ExitCode } from './exit-codes.js';
import { INTERRUPTED } from './follow-operation.js';
import type { Output } from './output.js';

type Build = BuildFieldsFragment;
const ENDED = new Set(['SUCCEEDED', 'FAILED', 'CANCELED']);

/** Where a progress line goes: stderr, updated in place on a terminal. */
export interface ProgressTarget {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * A progress line for an upload: `label 1.2 MB / 3.4 MB (35%)`. On a
 * terminal one line is redrawn (at most every 100 ms, and at the end); into
 * a file or a pipe it prints a few lines (the start, each quarter, the end),
 * so a CI log shows progress without thousands of lines.
 */
export function progressLine(label: string, target: ProgressTarget = process.stderr) {
  let lastDraw = 0;
  let lastQuarter = -1;
  return (sent: number, total: number): void => {
    const text = `${label} ${size(sent)} / ${size(total)} (${total === 0 ? 100 : Math.floor((sent / total) * 100)}%)`;
    const end = sent >= total;
    if (target.isTTY) {
      const now = Date.now();
      if (!end && now - lastDraw < 100) return;
      lastDraw = now;
      target.write(`\r\x1b[2K${text}${end ? '\n' : ''}`);
      return;
    }
    const quarter = total === 0 ? 4 : Math.floor((sent / total) * 4);
    if (quarter === lastQuarter) return;
    lastQuarter = quarter;
    target.write(`${text}\n`);
  };
}

/** `512 B`, `3.4 kB`, `12.0 MB`: decimal units, as docker prints a context's size. */
export function size(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

/** What a build made, on one line: `image … (sha256:…), 7 steps (6 cached), 3.2s`. */
export function describeBuilt(b: Build): string {
  const steps = b.steps == null ? '' : `, ${b.steps} steps (${b.cachedSteps ?? 0} cached)`;
  const digest = b.imageDigest ? ` (${b.imageDigest})` : '';
  return `image ${b.image ?? '-'}${digest}${steps}${durationOf(b)}`;
}

/** Where a build came from: `git <url>#<ref> @ <sha>` or `archive sha256:…`. */
export function describeSource(b: Build): string {
  const s = b.source;
  if (s.kind === 'GIT')
    return `git ${s.url ?? '?'}${s.ref ? `#${s.ref}` : ''}${s.commit ? ` @ ${s.commit.slice(0, 12)}` : ''}`;
  return `archive ${s.archiveSha256 ? `sha256:${s.archiveSha256.slice(0, 12)}` : '-'}`;
}

/** `, 3.2s` from start to end (or nothing while it has not ended). */
export function durationOf(b: Pick<Build, 'startedAt' | 'finishedAt'>): string {
  if (!b.startedAt || !b.finishedAt) return '';
  const ms = Date.parse(b.finishedAt) - Date.parse(b.startedAt);
  return `, ${ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s` : `${(ms / 1000).toFixed(1)}s`}`;
}

/**
 * Prints a build's log as it is written (from `after`, or its first line),
 * resuming after a dropped socket, then its outcome. Returns the build once
 * it SUCCEEDED; throws a CliError (exit 1) with the build's error on one
 * line when it FAILED or was CANCELED. Ctrl-C stops following, not the build.
 */
export async function followBuild(
  client: WheelhouseClient,
  out: Output,
  buildId: string,
  options: { after?: string } = {},
): Promise<Build> {
  const stop = new AbortController();
  const onSigint = () => {
    stop.abort();
    out.line(`interrupted: build ${buildId} keeps running; follow it with \`wheelhouse build logs ${buildId} -f\``);
    process.exit(INTERRUPTED);
  };
  process.once('SIGINT', onSigint);
  try {
    for await (const l of client.buildLogs(buildId, {
      signal: stop.signal,
      ...(options.after ? { after: options.after } : {}),
      onReconnect: ({ attempt }) => {
        if (attempt === 1) out.line('  (build log: connection lost, resuming from the last line)');
      },
    }))
      out.line(`  ${l.line}`);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  let b = await client.build(buildId);
  if (!b) throw new CliError(`no build ${buildId}`, ExitCode.FAILED);
  // The log ends with the build; should its record lag, its operation says when it has ended.
  if (!ENDED.has(b.status)) {
    await client.waitForOperation(b.operation.id);
    b = (await client.build(buildId)) ?? b;
  }
  return finishBuild(out, b);
}

/** Prints a build's outcome; throws (exit 1) with its error on one line unless it succeeded. */
export function finishBuild(out: Output, b: Build): Build {
  if (b.status === 'SUCCEEDED') {
    out.line(`build ${b.id} SUCCEEDED: ${describeBuilt(b)}`);
    return b;
  }
  const why = (b.error ?? b.status).replace(/\s*\n\s*/g, ' ').trim();
  throw new CliError(`build ${b.id} ${b.status}: ${why}`, ExitCode.FAILED);
}

/**
 * Follows the builds a provision or deploy queued ahead of itself (`build:`
 * services of `apply`): the newest build of each service named, its log
 * printed live, in turn. Throws like `followBuild` when one fails.
 */
export async function followBuildsAhead(
  client: WheelhouseClient,
  out: Output,
  instanceId: string,
  services: readonly string[],
): Promise<Build[]> {
  if (services.length === 0) return [];
  const data = await client.request(InstanceBuildsDocument, { id: instanceId, first: services.length * 4 });
  const newest = new Map<string, string>();
  for (const e of data.instance?.builds.edges ?? [])
    if (!newest.has(e.node.service)) newest.set(e.node.service, e.node.id);
  const done: Build[] = [];
  for (const service of services) {
    const id = newest.get(service);
    if (!id) continue;
    out.line(`build ${id} of ${service}`);
    done.push(await followBuild(client, out, id));
  }
  return done;
}
