import type { Command } from 'commander';
import {
  CreateTrustPolicyDocument,
  DeleteTrustPolicyDocument,
  type Scope,
  TrustPoliciesDocument,
} from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { usageError } from '../exit-codes.js';
import { type GlobalOptions, withSession } from '../session.js';

/** `wheelhouse trust ls|add|rm`: trust policies for keyless CI (ADMIN). */
export function registerTrustCommands(program: Command): void {
  const trust = program
    .command('trust')
    .description("trust policies: a CI system's OIDC token traded for a short-lived token (needs ADMIN)");
  trust
    .command('ls')
    .description('list trust policies')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const rows = (await client.request(TrustPoliciesDocument)).trustPolicies;
        out.table(
          ['ID', 'NAME', 'ISSUER', 'AUDIENCE', 'SUBJECT', 'SCOPES', 'TTL', 'LAST USED'],
          rows.map((p) => [
            p.id,
            p.name,
            p.issuer,
            p.audience,
            p.subjectPattern,
            p.scopes.join(','),
            `${p.tokenTtlSeconds}s`,
            p.lastUsedAt,
          ]),
          rows,
        );
      });
    });
  trust
    .command('add')
    .description('trust tokens of an OIDC issuer whose subject matches a pattern')
    .argument('<name>', 'a label for people')
    .requiredOption('--issuer <url>', 'e.g. https://token.actions.githubusercontent.com')
    .requiredOption('--audience <aud>', 'the audience the CI requests its token for')
    .requiredOption('--subject <pattern>', 'a glob over `sub`, e.g. repo:acme/shop:ref:refs/heads/main')
    .requiredOption(
      '--scope <scope...>',
      'what exchanged tokens may do: read, deploy, exec, logs, secrets:write, admin',
    )
    .option('--ttl <seconds>', 'how long an exchanged token lives (60-43200)', '900')
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<
        GlobalOptions & { issuer: string; audience: string; subject: string; scope: string[]; ttl: string }
      >();
      const ttl = Number(opts.ttl);
      if (!Number.isInteger(ttl)) throw usageError(`--ttl: "${opts.ttl}" is not a whole number of seconds`);
      const scopes = opts.scope.map((s) => s.toUpperCase().replace(':', '_') as Scope);
      await withSession(opts, async ({ client, out }) => {
        const input = {
          name,
          issuer: opts.issuer,
          audience: opts.audience,
          subjectPattern: opts.subject,
          scopes,
          tokenTtlSeconds: ttl,
        };
        const r = unwrap((await client.request(CreateTrustPolicyDocument, { input })).createTrustPolicy);
        out.result(r.trustPolicy, `trust policy ${r.trustPolicy.name} created (id ${r.trustPolicy.id})`);
      });
    });
  trust
    .command('rm')
    .description('delete a trust policy (tokens it issued run out on their own)')
    .argument('<id>', 'the policy id (from trust ls)')
    .action(async (id: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap((await client.request(DeleteTrustPolicyDocument, { input: { id } })).deleteTrustPolicy);
        out.result(r, `deleted trust policy ${r.id}`);
      });
    });
}
