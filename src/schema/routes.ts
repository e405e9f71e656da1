/**
 * Routes and the edge: Route (a Node), Instance.routes, Query.routes,
 * Provider.edge, addRoute / removeRoute (scope deploy, rate limited).
 */
import { decodeTimeCursor, encodeTimeCursor, pageOf, pageSize } from '../control/cursor.js';
import {
  CapabilityNotSupportedError,
  ConflictError,
  ForbiddenError,
  IdempotencyConflictError,
  InvalidStateError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import type { EdgeView, Route } from '../control/routes.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { localId } from './global-ids.js';
import { ProviderRef } from './providers.js';
import { rateLimited } from './rate-limit.js';
import { InstanceRef } from './refs.js';

const RouteRef = builder.objectRef<Route>('Route');

const RouteStatusEnum = builder.enumType('RouteStatus', {
  description: 'What the edge made of a route.',
  values: {
    PENDING: { value: 'pending', description: 'Written; the edge has not taken it yet.' },
    ACTIVE: { value: 'active', description: 'Served by the edge.' },
    FAILED: { value: 'failed', description: 'The edge cannot serve it; `message` says why.' },
  } as const,
});

const RouteTlsSourceEnum = builder.enumType('RouteTlsSource', {
  description: "Where a route's certificate comes from.",
  values: {
    SECRET: { value: 'secret', description: 'A vault entry holding a PEM chain and its key.' },
    EDGE_CA: { value: 'edge_ca', description: "Issued by the edge's own CA (Provider.edge.caCertificate)." },
  } as const,
});

const RouteTlsRef = builder.objectRef<NonNullable<Route['tls']>>('RouteTls').implement({
  description: "A route's HTTPS: where its certificate comes from and when it expires. Never the key.",
  fields: (t) => ({
    source: t.field({
      type: RouteTlsSourceEnum,
      description: 'Where the certificate comes from.',
      resolve: (x) => x.source,
    }),
    secretKey: t.string({ nullable: true, description: 'The vault key (SECRET).', resolve: (x) => x.secretKey }),
    issuer: t.string({ nullable: true, description: "The certificate's issuer.", resolve: (x) => x.issuer }),
    notAfter: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the certificate expires.',
      resolve: (x) => x.notAfter,
    }),
  }),
});

builder.loadableNode(RouteRef, {
  description: 'A stable address for one service port of an instance: it never changes while the route exists.',
  id: { resolve: (r) => r.id },
  load: async (ids: string[], ctx: GraphQLContext) => {
    const mine = await Promise.all(ids.map((id) => ctx.services.routes.find(ctx.principal.tenantId, id)));
    return mine.map((r) => r ?? new Error('route not found'));
  },
  sort: (r) => r.id,
  fields: (t) => ({
    instance: t.field({
      type: InstanceRef,
      description: 'The instance.',
      resolve: async (r, _a, ctx) => (await ctx.loaders.instance.load(r.instanceId))!,
    }),
    service: t.exposeString('service', { description: 'The routed service.' }),
    port: t.exposeInt('port', { description: 'Its container port.' }),
    host: t.exposeString('host', { description: 'The host (lower-case DNS name).' }),
    pathPrefix: t.exposeString('pathPrefix', { description: '`/` for the whole host, else a path prefix.' }),
    custom: t.exposeBoolean('custom', { description: 'Whether the host was given (else generated).' }),
    url: t.exposeString('url', {
      description: "The stable address: scheme, host (and the edge's port when not 80/443), prefix.",
    }),
    tls: t.field({
      type: RouteTlsRef,
      nullable: true,
      description: 'HTTPS, when the route has it.',
      resolve: (r) => r.tls,
    }),
    status: t.field({ type: RouteStatusEnum, description: 'What the edge made of it.', resolve: (r) => r.status }),
    message: t.string({ nullable: true, description: 'Why it failed.', resolve: (r) => r.message }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was added.' }),
  }),
});

const EdgeRef = builder.objectRef<EdgeView>('Edge').implement({
  description: "A provider's edge: where routed services are served.",
  fields: (t) => ({
    kind: t.exposeString('kind', { description: '`haproxy` (Docker), `ingress` (Kubernetes).' }),
    healthy: t.exposeBoolean('healthy', { description: 'Whether it serves now.' }),
    message: t.string({ nullable: true, description: 'Why not, when unhealthy.', resolve: (e) => e.message ?? null }),
    httpAddress: t.string({
      nullable: true,
      description: 'Where plain HTTP is served, e.g. http://127.0.0.1:8080.',
      resolve: (e) => e.httpAddress ?? null,
    }),
    httpsAddress: t.string({
      nullable: true,
      description: 'Where HTTPS is served, e.g. https://127.0.0.1:8443.',
      resolve: (e) => e.httpsAddress ?? null,
    }),
    domain: t.exposeString('domain', { description: 'Generated hosts are <service>-<instance>-<tenant>.<domain>.' }),
    caCertificate: t.string({
      nullable: true,
      description: 'PEM of the CA that signs the certificates the edge issues itself.',
      resolve: (e) => e.caCertificate,
    }),
  }),
});

builder.objectField(ProviderRef, 'edge', (t) =>
  t.field({
    type: EdgeRef,
    nullable: true,
    description: 'Its edge (routes, custom domains, TLS); null when it has none.',
    resolve: (p, _a, ctx) => ctx.services.routes.edge(p.key),
  }),
);

builder.objectField(InstanceRef, 'routes', (t) =>
  t.field({
    type: [RouteRef],
    description: 'Its routes, oldest first.',
    resolve: (i, _a, ctx) => ctx.services.routes.ofInstance(ctx.principal.tenantId, i.id),
  }),
);

export const RouteTlsInput = builder.inputType('RouteTlsInput', {
  description: "HTTPS for a route: the vault's certificate, or one the edge's CA issues.",
  fields: (t) => ({
    secretKey: t.string({ description: "A vault key holding a PEM chain and its key; absent: the edge's own CA." }),
    redirectHttp: t.boolean({ defaultValue: true, description: 'Plain HTTP on the host answers 308 to HTTPS.' }),
  }),
});

export const RouteInputRef = builder.inputType('RouteInput', {
  description: 'A route to one service port.',
  fields: (t) => ({
    service: t.string({ required: true, description: 'The service.' }),
    port: t.int({ required: true, description: 'Its container port.' }),
    host: t.string({ description: 'A DNS name of yours; generated when absent.' }),
    pathPrefix: t.string({ defaultValue: '/', description: '`/` for the whole host, else a prefix like /api.' }),
    tls: t.field({ type: RouteTlsInput, description: 'Serve HTTPS.' }),
  }),
});

const RouteFilter = builder.inputType('RouteFilter', {
  description: 'Which routes.',
  fields: (t) => ({
    instanceId: t.id({ description: 'Of this instance (global id).' }),
    host: t.string({ description: 'On this host.' }),
  }),
});

const AddRouteInput = builder.inputType('AddRouteInput', {
  description: 'A new route.',
  fields: (t) => ({
    instanceId: t.id({ required: true, description: 'The instance (global id).' }),
    route: t.field({ type: RouteInputRef, required: true, description: 'The route.' }),
    idempotencyKey: t.string({ description: 'Retry-safe key: the same key and input return the same route.' }),
  }),
});

const RemoveRouteInput = builder.inputType('RemoveRouteInput', {
  description: 'A route to remove.',
  fields: (t) => ({ routeId: t.id({ required: true, description: 'The route (global id).' }) }),
});

builder.queryFields((t) => ({
  routes: t.connection({
    type: RouteRef,
    description: "The routes of the viewer's tenant, newest first.",
    authScopes: { read: true },
    args: { filter: t.arg({ type: RouteFilter, description: 'Filters.' }) },
    resolve: async (_r, args, ctx) => {
      const limit = pageSize(args.first);
      const after = args.after ? decodeTimeCursor(args.after) : undefined;
      let instanceId: string | undefined;
      if (args.filter?.instanceId) {
        try {
          instanceId = localId(String(args.filter.instanceId), 'Instance');
        } catch {
          instanceId = '-';
        }
      }
      const rows = await ctx.services.routes.list(ctx.principal.tenantId, {
        limit: limit + 1,
        ...(after ? { after } : {}),
        ...(instanceId ? { instanceId } : {}),
        ...(args.filter?.host ? { host: args.filter.host.toLowerCase() } : {}),
      });
      return pageOf(rows, limit, (r) => encodeTimeCursor({ createdAt: r.createdAt, id: r.id }), !!after);
    },
  }),
}));

builder.mutationFields((t) => ({
  addRoute: t.field({
    type: builder
      .objectRef<{ route: Route; instance: import('../control/model.js').Instance }>('AddRoutePayload')
      .implement({
        description: 'The new route.',
        fields: (f) => ({
          route: f.field({ type: RouteRef, description: 'The route.', resolve: (p) => p.route }),
          instance: f.field({ type: InstanceRef, description: 'Its instance.', resolve: (p) => p.instance }),
        }),
      }),
    description: 'Adds a route: a stable address for one service port.',
    authScopes: { deploy: true },
    errors: {
      types: [
        ValidationError,
        NotFoundError,
        CapabilityNotSupportedError,
        InvalidStateError,
        ConflictError,
        IdempotencyConflictError,
        ForbiddenError,
        RateLimitedError,
      ],
      union: { name: 'AddRouteResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: AddRouteInput, required: true, description: 'What to add.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      return ctx.services.routes.add(ctx.principal, { ...input, instanceId });
    }),
  }),
  removeRoute: t.field({
    type: builder
      .objectRef<{ routeId: string; instance: import('../control/model.js').Instance }>('RemoveRoutePayload')
      .implement({
        description: 'The removed route.',
        fields: (f) => ({
          routeId: f.id({
            description: 'Its global id.',
            resolve: (p) => Buffer.from(`Route:${p.routeId}`).toString('base64'),
          }),
          instance: f.field({ type: InstanceRef, description: 'Its instance.', resolve: (p) => p.instance }),
        }),
      }),
    description: 'Removes a route; the edge stops serving its address.',
    authScopes: { deploy: true },
    errors: {
      types: [NotFoundError, ForbiddenError, RateLimitedError],
      union: { name: 'RemoveRouteResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: RemoveRouteInput, required: true, description: 'What to remove.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const routeId = localId(String(input.routeId), 'Route');
      return ctx.services.routes.remove(ctx.principal, routeId);
    }),
  }),
}));
