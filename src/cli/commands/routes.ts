import type { Command } from 'commander';
import type { RouteInput } from '../../client/generated/graphql.js';
import { usageError } from '../exit-codes.js';
import { addRoute, describeStatus, describeTls, listRoutes, removeRoute, resolveInstance } from '../routes-client.js';
import { type GlobalOptions, withSession } from '../session.js';

interface AddOptions extends GlobalOptions {
  service: string;
  port: number;
  host?: string;
  path?: string;
  tls?: string;
  redirectHttp: boolean;
}

/** The flag each RouteInput field comes from, to name it in an error. */
const FLAGS: Record<string, string> = {
  service: '--service',
  port: '--port',
  host: '--host',
  pathPrefix: '--path',
  tls: '--tls',
  'tls.secretKey': '--tls',
  instanceId: '<instance>',
};

/** `wheelhouse routes ls|add|rm`: stable URLs for service ports through the edge (docs/edge.md). */
export function registerRouteCommands(program: Command): void {
  const routes = program.command('routes').description('stable URLs for services, served by the edge');
  routes
    .command('ls')
    .description("list the tenant's routes (newest first), or one instance's (oldest first)")
    .option('--instance <name|id>', "only this instance's routes")
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { instance?: string }>();
      await withSession(opts, async ({ client, out }) => {
        const rows = opts.instance ? (await resolveInstance(client, opts.instance)).routes : await listRoutes(client);
        out.table(
          ['URL', 'INSTANCE', 'SERVICE', 'HOST', 'PATH', 'TLS', 'STATUS', 'ID'],
          rows.map((r) => [
            r.url,
            r.instance.name,
            `${r.service}:${r.port}`,
            `${r.host}${r.custom ? '' : ' (generated)'}`,
            r.pathPrefix,
            describeTls(r.tls),
            describeStatus(r),
            r.id,
          ]),
          rows,
        );
      });
    });
  routes
    .command('add')
    .description("give a service port a stable URL; prints the URL (it never changes for the route's life)")
    .argument('<instance>', 'instance name or id')
    .requiredOption('--service <service>', 'the service')
    .requiredOption('--port <port>', 'its container port', port)
    .option('--host <host>', 'a DNS name of yours (default: <service>-<instance>-<tenant>.<edge domain>)')
    .option('--path <prefix>', 'a path prefix like /api (default: /, the whole host)')
    .option(
      '--tls <source>',
      "serve HTTPS: `auto` (a certificate from the edge's CA) or a vault key holding a PEM chain and key",
    )
    .option('--no-redirect-http', 'with --tls, keep serving plain HTTP instead of answering 308')
    .action(async (instanceName: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<AddOptions>();
      if (!opts.redirectHttp && !opts.tls) throw usageError('--no-redirect-http: only with --tls');
      const route: RouteInput = { service: opts.service, port: opts.port };
      if (opts.host !== undefined) route.host = opts.host;
      if (opts.path !== undefined) route.pathPrefix = opts.path;
      if (opts.tls !== undefined) {
        route.tls = { redirectHttp: opts.redirectHttp };
        if (opts.tls !== 'auto') route.tls.secretKey = opts.tls;
      }
      await withSession(opts, async ({ client, out }) => {
        const instance = await resolveInstance(client, instanceName);
        const r = await addRoute(client, instance.id, route, (field) => FLAGS[field] ?? field);
        out.result(r, `${r.url}\n(route ${r.id}: ${instance.name} ${r.service}:${r.port}, ${describeStatus(r)})`);
      });
    });
  routes
    .command('rm')
    .description('remove a route: the edge stops serving its URL')
    .argument('<route-id>', 'the route id (from routes ls)')
    .action(async (routeId: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = await removeRoute(client, routeId);
        out.result(r, `removed ${r.routeId}`);
      });
    });
}

/** A whole number; the server checks the range (so its message names the field). */
function port(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n)) throw usageError(`--port: "${raw}" is not a port number`);
  return n;
}
