import type { Command } from 'commander';
import { type EventFieldsFragment, EventsDocument } from '../../client/generated/graphql.js';
import { usageError } from '../exit-codes.js';
import type { Output } from '../output.js';
import { type GlobalOptions, requireInstance, withSession } from '../session.js';

type FeedEvent = EventFieldsFragment;

export function registerStreamCommands(program: Command): void {
  program
    .command('logs')
    .description("a service's log lines; -f keeps following until Ctrl-C")
    .argument('<name>', 'instance name')
    .option('--service <service>', 'the service (MAIN when omitted)')
    .option('-f, --follow', 'keep streaming new lines')
    .option('--tail <n>', 'start with at most this many existing lines')
    .option('--since <when>', 'only lines since a time (RFC 3339) or a duration ago (30s, 10m, 2h)')
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<
        GlobalOptions & { service?: string; follow?: boolean; tail?: string; since?: string }
      >();
      const tail = opts.tail === undefined ? undefined : Number(opts.tail);
      if (tail !== undefined && !(Number.isInteger(tail) && tail >= 0)) {
        throw usageError(`--tail: "${opts.tail}" is not a whole number`);
      }
      const since = opts.since === undefined ? undefined : sinceTime(opts.since);
      await withSession(opts, async ({ client, out }) => {
        const instance = await requireInstance(client, name);
        await untilInterrupted(async (signal) => {
          for await (const l of client.instanceLogs(
            { instanceId: instance.id, service: opts.service, tail, since, follow: opts.follow ?? false },
            { signal },
          )) {
            if (out.json) process.stdout.write(`${JSON.stringify(l)}\n`);
            else {
              if (l.dropped > 0) process.stderr.write(`(${l.dropped} line(s) dropped: reading too slowly)\n`);
              process.stdout.write(`${l.timestamp} ${l.service}${l.replica ? `/${l.replica}` : ''} ${l.message}\n`);
            }
          }
        });
      });
    });

  program
    .command('events')
    .description('the event feed, of one instance or all; -f follows live until Ctrl-C')
    .argument('[name]', 'instance name')
    .option('-f, --follow', 'keep streaming new events')
    .option('--limit <n>', 'how many recent events to show', '20')
    .action(async (name: string | undefined, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { follow?: boolean; limit: string }>();
      const limit = Number(opts.limit);
      if (!(Number.isInteger(limit) && limit > 0))
        throw usageError(`--limit: "${opts.limit}" is not a positive number`);
      await withSession(opts, async ({ client, out }) => {
        const filter = name ? { instanceId: (await requireInstance(client, name)).id } : undefined;
        const data = await client.request(EventsDocument, { filter, first: limit });
        // The query is newest first; a feed reads oldest first, and following continues from the newest.
        const recent = data.events.edges.map((e) => e.node).reverse();
        for (const e of recent) printEvent(out, e);
        if (!opts.follow) return;
        const after = recent.at(-1)?.cursor;
        await untilInterrupted(async (signal) => {
          for await (const event of client.events({ filter, after, signal })) printEvent(out, event);
        });
      });
    });
}

function printEvent(out: Output, e: FeedEvent): void {
  if (out.json) return void process.stdout.write(`${JSON.stringify(e)}\n`);
  const change = e.toState ? ` ${e.fromState ?? 'none'} → ${e.toState}` : '';
  process.stdout.write(`${e.occurredAt} ${e.instance?.name ?? '-'} ${e.type}${e.message ? ` ${e.message}` : change}\n`);
}

/** Runs a stream until it ends or the user presses Ctrl-C, which ends it cleanly (exit 0). */
async function untilInterrupted(run: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  try {
    await run(controller.signal);
  } finally {
    process.removeListener('SIGINT', stop);
  }
}

/** An RFC 3339 time, or a duration ago ("30s", "10m", "2h", "1d"). */
export function sinceTime(raw: string, now = Date.now()): string {
  const m = /^(\d+)(s|m|h|d)$/.exec(raw);
  if (m) {
    const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
    return new Date(now - Number(m[1]) * unit).toISOString();
  }
  const t = Date.parse(raw);
  if (Number.isNaN(t)) throw usageError(`--since: "${raw}" is not a time (RFC 3339) or a duration (10m)`);
  return new Date(t).toISOString();
}
