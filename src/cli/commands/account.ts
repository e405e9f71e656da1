import type { Command } from 'commander';
import {
  ApiTokensDocument,
  CreateApiTokenDocument,
  DeleteSecretDocument,
  ProvidersDocument,
  PutSecretDocument,
  RevokeApiTokenDocument,
  type Scope,
  SecretsDocument,
  ViewerDocument,
} from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { configPath, normalizeUrl, readStoredConfig, writeStoredConfig } from '../config-store.js';
import { usageError } from '../exit-codes.js';
import { createOutput } from '../output.js';
import { readSecretValue } from '../read-secret.js';
import { clientFor, type GlobalOptions, withSession } from '../session.js';
import { signInWithBrowser } from '../sso-login.js';

export function registerAccountCommands(program: Command): void {
  program
    .command('login')
    .description(
      'store a server URL and token (the token is read from standard input, never from argv; with --sso, from a browser sign-in)',
    )
    .requiredOption('--url <url>', 'the server, e.g. http://127.0.0.1:4000')
    .option('--sso', "sign in with the organisation's identity provider in a browser instead")
    .option('--no-open', 'with --sso: only print the sign-in URL, do not open a browser')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { url: string; sso?: boolean; open: boolean }>();
      const url = normalizeUrl(opts.url);
      const token = opts.sso
        ? await signInWithBrowser(url, { open: opts.open, say: (line) => process.stderr.write(`${line}\n`) })
        : await readSecretValue(undefined).catch(() => {
            throw usageError('token: pipe it on standard input, e.g. `echo $TOKEN | wheelhouse login --url …`');
          });
      const client = clientFor({ url, token });
      try {
        // Check before storing: a bad token or URL is reported now, not at the next command.
        const { viewer } = await client.request(ViewerDocument);
        const path = configPath();
        await writeStoredConfig(path, { ...(await readStoredConfig(path)), url, token });
        const who = viewer.user ? `${viewer.user.email ?? viewer.user.name} (${viewer.role}) in ` : '';
        createOutput(opts.json ?? false).result(
          { url, tenant: viewer.tenant.name, scopes: viewer.scopes, role: viewer.role, config: path },
          `logged in to ${url} as ${who}tenant ${viewer.tenant.name} (${viewer.scopes.join(', ')}); saved in ${path}`,
        );
      } finally {
        await client.dispose();
      }
    });

  program
    .command('whoami')
    .description('the tenant, token and scopes in use')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out, connection }) => {
        const { viewer } = await client.request(ViewerDocument);
        out.result(
          { url: connection.url, ...viewer },
          `tenant ${viewer.tenant.name}, token ${viewer.token?.name ?? '-'}, scopes ${viewer.scopes.join(', ')} at ${connection.url}`,
        );
      });
    });

  program
    .command('providers')
    .description('registered providers, their health and capabilities')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const { providers } = await client.request(ProvidersDocument);
        out.table(
          ['KEY', 'TYPE', 'VERSION', 'DEFAULT', 'HEALTHY', 'CAPABILITIES'],
          providers.map((p) => [
            p.key,
            p.name,
            p.version,
            p.isDefault ? 'yes' : '',
            p.health ? (p.health.healthy ? 'yes' : `no: ${p.health.message ?? ''}`) : '?',
            p.capabilities.join(' ').toLowerCase(),
          ]),
          providers,
        );
      });
    });

  const tokens = program.command('tokens').description("the tenant's API tokens");
  tokens
    .command('ls')
    .description('list tokens')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const rows = (await client.request(ApiTokensDocument, { first: 100 })).apiTokens.edges.map((e) => e.node);
        out.table(
          ['ID', 'NAME', 'SCOPES', 'CREATED', 'LAST USED', 'REVOKED'],
          rows.map((t) => [t.id, t.name, t.scopes.join(','), t.createdAt, t.lastUsedAt, t.revokedAt]),
          rows,
        );
      });
    });
  tokens
    .command('create')
    .description('create a token; its secret is printed once')
    .argument('<name>', 'a label for people')
    .requiredOption('--scope <scope...>', 'read, deploy, exec, logs, secrets:write, admin')
    .option('--expires <time>', 'when it stops working (RFC 3339)')
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { scope: string[]; expires?: string }>();
      const scopes = opts.scope.map((s) => s.toUpperCase().replace(':', '_') as Scope);
      await withSession(opts, async ({ client, out }) => {
        const data = await client.request(CreateApiTokenDocument, { input: { name, scopes, expiresAt: opts.expires } });
        const r = unwrap(data.createApiToken);
        out.result(
          { token: r.token, apiToken: r.apiToken },
          `${r.token}\n(id ${r.apiToken.id}; the secret is not shown again)`,
        );
      });
    });
  tokens
    .command('revoke')
    .description('revoke a token')
    .argument('<id>', 'the token id (from tokens ls)')
    .action(async (id: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap((await client.request(RevokeApiTokenDocument, { input: { id } })).revokeApiToken);
        out.result(r.apiToken, `revoked ${r.apiToken.name}`);
      });
    });

  const secrets = program.command('secrets').description("the tenant's vault (values are write-only)");
  secrets
    .command('ls')
    .description('list secret keys and versions')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const rows = (await client.request(SecretsDocument, { first: 100 })).secrets.edges.map((e) => e.node);
        out.table(
          ['KEY', 'VERSION', 'UPDATED'],
          rows.map((s) => [s.key, s.version, s.updatedAt]),
          rows,
        );
      });
    });
  secrets
    .command('put')
    .description('store a secret; the value comes from standard input or --from-file, never argv')
    .argument('<key>', 'the key services refer to')
    .option('--from-file <file>', 'read the value from this file')
    .action(async (key: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { fromFile?: string }>();
      const value = await readSecretValue(opts.fromFile);
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap((await client.request(PutSecretDocument, { input: { key, value } })).putSecret);
        out.result(r.secret, `${r.secret.key} stored (version ${r.secret.version})`);
      });
    });
  secrets
    .command('delete')
    .description('delete a secret')
    .argument('<key>', 'the key')
    .action(async (key: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        unwrap((await client.request(DeleteSecretDocument, { input: { key } })).deleteSecret);
        out.result({ key }, `${key} deleted`);
      });
    });
}
