import type { Command } from 'commander';
import { AuditLogDocument, VerifyAuditLogDocument } from '../../client/generated/graphql.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import { type GlobalOptions, withSession } from '../session.js';

interface AuditOptions extends GlobalOptions {
  actor?: string;
  action?: string;
  target?: string;
  since?: string;
  until?: string;
  first: string;
}

/** A time flag as ISO 8601, or a usage error naming the flag. */
function timeOf(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw usageError(`--${flag}: not a time (e.g. 2026-12-07T18:00:00Z)`);
  return at.toISOString();
}

/** `wheelhouse audit [filters]` and `wheelhouse audit verify` (AUDIT, or ADMIN). */
export function registerAuditCommands(program: Command): void {
  const audit = program
    .command('audit')
    .description("the tenant's audit log, newest first (needs AUDIT or ADMIN)")
    .option('--actor <id>', "only this actor's entries (a token id, or a system part such as autoscaler)")
    .option('--action <name>', 'only this action (a mutation name such as createApiToken)')
    .option('--target <id>', 'only entries naming this object (global id)')
    .option('--since <time>', 'only entries at or after this time')
    .option('--until <time>', 'only entries before this time')
    .option('--first <n>', 'how many (at most 100)', '20')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<AuditOptions>();
      const first = Number(opts.first);
      if (!Number.isInteger(first) || first < 1 || first > 100) throw usageError('--first: a number from 1 to 100');
      const filter = {
        ...(opts.actor ? { actorId: opts.actor } : {}),
        ...(opts.action ? { action: opts.action } : {}),
        ...(opts.target ? { targetId: opts.target } : {}),
        ...(opts.since ? { since: timeOf('since', opts.since) } : {}),
        ...(opts.until ? { until: timeOf('until', opts.until) } : {}),
      };
      await withSession(opts, async ({ client, out }) => {
        const rows = (await client.request(AuditLogDocument, { first, filter })).auditLog.edges.map((e) => e.node);
        out.table(
          ['AT', 'ACTOR', 'ACTION', 'OUTCOME', 'TARGETS', 'IP', 'REQUEST'],
          rows.map((e) => [
            e.at,
            e.actor.kind === 'SYSTEM' ? `system:${e.actor.id}` : `${e.actor.name ?? ''} (${e.actor.id})`,
            e.action,
            e.errorType ? `${e.outcome} ${e.errorType}` : e.outcome,
            e.targetIds.join(' '),
            e.ip,
            e.requestId,
          ]),
          rows,
        );
      });
    });
  audit
    .command('verify')
    .description('recompute the hash chain; exit 1 and name the first entry altered or removed')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const v = (await client.request(VerifyAuditLogDocument, {})).verifyAuditLog;
        if (!v.valid) {
          if (out.json) out.result(v);
          throw new CliError(
            `the audit log does not verify: entry ${v.firstInvalidId} was altered or removed (${v.entries} checked)`,
            ExitCode.FAILED,
          );
        }
        out.result(v, `the audit log verifies: ${v.entries} entries, chained`);
      });
    });
}
