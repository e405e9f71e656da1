import type { Command } from 'commander';
import {
  DeployInstanceDocument,
  InstanceImageUpdatesDocument,
  InstanceRoutesDocument,
  ProvisionInstanceDocument,
  type ProvisionInstanceInput,
  type ServiceDeployInput,
  type ServiceSpecInput,
  type WorkloadSourceInput,
} from '../../client/generated/graphql.js';
import { sendPolicyChanges } from '../apply-autoscale.js';
import {
  type ApplyPlan,
  type CurrentInstance,
  describePolicy,
  planApply,
  UnsupportedChangeError,
} from '../apply-plan.js';
import { followBuildsAhead } from '../build-follow.js';
import { resolveConnection } from '../config-store.js';
import { usageError } from '../exit-codes.js';
import { runLifecycle } from '../lifecycle.js';
import type { Output } from '../output.js';
import { describeRoute, type RouteInputShape, type RoutePlan } from '../route-plan.js';
import { addRoute, type RouteView, removeRoute } from '../routes-client.js';
import { emptySchedulePlan, planSchedules, type SchedulePlan } from '../schedule-plan.js';
import { applySchedules, printSchedulePlan, readSchedules, type SchedulesApplied } from '../schedules-apply.js';
import { followTarget, type GlobalOptions, type Session, withSession } from '../session.js';
import { archivePlaces, sendWithArchives } from '../spec-archives.js';
import { loadSpecFile } from '../spec-file.js';
import { resolveKeptNames } from './volumes.js';

interface ApplyOptions extends GlobalOptions {
  file: string;
  wait?: boolean;
  dryRun?: boolean;
}

export function registerApply(program: Command): void {
  program
    .command('apply')
    .description('make an instance match a wheelhouse.yaml: provision it, deploy the services that changed, or nothing')
    .requiredOption('-f, --file <file>', 'the spec file')
    .option('--wait', 'follow the operation to its end, printing progress')
    .option('--dry-run', 'print the plan and stop')
    .action(async (_opts: ApplyOptions, cmd: Command) => {
      const opts = cmd.optsWithGlobals<ApplyOptions>();
      // The file is read and validated before anything else: bad input sends nothing.
      const spec = await loadSpecFile(opts.file);
      await resolveConnection();
      await withSession(opts, async (session) => {
        const found = await session.client.instanceByName(spec.name);
        const current = found as CurrentInstance | null;
        // Live routes are read only when the file manages them (`routes:`), so a file without leaves them alone.
        if (current && spec.routes !== undefined) {
          const data = await session.client.request(InstanceRoutesDocument, { id: current.id });
          current.routes = data.instance?.routes ?? [];
        }
        // A tag rebuilt in place is invisible in the file: the provider says which services run an older image.
        if (current && (current.sourceType ?? 'SERVICES') === 'SERVICES') {
          const data = await session.client.request(InstanceImageUpdatesDocument, { id: current.id });
          current.imageUpdates = data.instance?.imageUpdates ?? null;
        }
        let plan: ApplyPlan;
        try {
          plan = planApply(current, spec);
        } catch (err) {
          if (err instanceof UnsupportedChangeError) {
            throw usageError(`${opts.file}: ${spec.name} cannot be changed in place:\n  ${err.problems.join('\n  ')}`);
          }
          throw err;
        }
        // Live schedules are read only when the file manages them (`schedules:`), as routes are.
        const schedules =
          current && spec.schedules !== undefined
            ? planSchedules(await readSchedules(session.client, current.id), spec.schedules)
            : undefined;
        printPlan(session.out, plan, schedules);
        if ((plan.action === 'none' && emptySchedulePlan(schedules)) || opts.dryRun) {
          session.out.result({ plan, ...(schedules ? { schedules } : {}), operation: null });
          return;
        }
        const { client } = session;
        const applied: SchedulesApplied = { added: [], updated: [], removed: [] };
        const scheduled = schedules && !emptySchedulePlan(schedules) ? { schedules: applied } : {};
        // Schedules change once a deploy is accepted: a refused deploy changes none of them.
        const changeScheduled = (id: string) =>
          schedules ? applySchedules(client, session.out, id, schedules, applied) : undefined;
        if (plan.action === 'provision') {
          const input = plan.input as unknown as ProvisionInstanceInput;
          await resolveKeptNames(client, input);
          const extra: Record<string, unknown> = { plan };
          await runLifecycle(
            session,
            { name: spec.name, afterCursor: '0' },
            async () => {
              const places = archivePlaces(spec.services, opts.file, 'input.services');
              const result = (await sendWithArchives(client, ProvisionInstanceDocument, { input }, places))
                .provisionInstance;
              // The builds run ahead of the provision: their logs first, live.
              if (result.__typename === 'ProvisionInstancePayload' && opts.wait)
                await followBuildsAhead(client, session.out, result.instance.id, Object.keys(plan.builds ?? {}));
              // The routes are written with the instance, their urls fixed: print them before following.
              if (result.__typename === 'ProvisionInstancePayload' && input.routes?.length) {
                const data = await client.request(InstanceRoutesDocument, { id: result.instance.id });
                const routes = data.instance?.routes ?? [];
                for (const r of routes) session.out.line(`route ${r.url} → ${r.service}:${r.port}`);
                extra.routes = { added: routes, removed: [] };
              }
              return result;
            },
            opts.wait ?? false,
            extra,
          );
          return;
        }
        // Routes change first (removals, then additions, so a replaced address is free), then the deploy.
        const routes =
          'routes' in plan && plan.routes ? await applyRoutes(session, plan.instanceId, plan.routes) : null;
        if (plan.action === 'routes' || plan.action === 'none') {
          await changeScheduled(plan.instanceId);
          session.out.result({ plan, routes, ...scheduled, operation: null });
          return;
        }
        const target = await followTarget(client, { id: plan.instanceId, name: spec.name });
        if (plan.action === 'deploySource') {
          const source = plan.source as unknown as WorkloadSourceInput;
          await runLifecycle(
            session,
            target,
            async () =>
              (
                await client.request(DeployInstanceDocument, {
                  input: { instanceId: plan.instanceId, expectedVersion: plan.expectedVersion, services: [], source },
                })
              ).deployInstance,
            opts.wait ?? false,
            { plan, routes },
          );
          return;
        }
        // Policy changes go first, as scaleInstance (the mutation that hands them to the provider).
        const policies = await sendPolicyChanges(
          session,
          target,
          plan.changes,
          plan.expectedVersion,
          opts.wait ?? false,
        );
        const services = plan.changes
          .filter((c) => plan.again || c.fields.some((f) => f !== 'autoscale'))
          .map((c) => c.input) as unknown as ServiceDeployInput[];
        // Services added and removed travel with the same deploy: one release, the rest left as they run.
        const setChange = {
          ...(plan.add ? { addServices: plan.add as unknown as ServiceSpecInput[] } : {}),
          ...(plan.remove ? { removeServices: plan.remove } : {}),
        };
        if (services.length === 0 && !plan.add && !plan.remove) {
          await changeScheduled(plan.instanceId);
          session.out.result({ plan, routes, autoscale: policies.operations, ...scheduled, operation: null });
          return;
        }
        // A service built from a local directory sends it with the deploy (a multipart request).
        const sentSpecs = services.map((c) => spec.services.find((s) => s.name === c.name)).filter((s) => s != null);
        const places = archivePlaces(sentSpecs, opts.file, 'input.services');
        await runLifecycle(
          session,
          target,
          async () => {
            const result = (
              await sendWithArchives(
                client,
                DeployInstanceDocument,
                {
                  input: {
                    instanceId: plan.instanceId,
                    expectedVersion: policies.version,
                    services,
                    ...setChange,
                    ...(spec.releaseCommand ? { releaseCommand: spec.releaseCommand } : {}),
                  },
                },
                places,
              )
            ).deployInstance;
            if (result.__typename === 'DeployInstancePayload') await changeScheduled(plan.instanceId);
            if (result.__typename === 'DeployInstancePayload' && opts.wait) {
              const built = services.map((s) => s.name).filter((n) => plan.builds?.[n] !== undefined);
              await followBuildsAhead(client, session.out, plan.instanceId, built);
            }
            return result;
          },
          opts.wait ?? false,
          { plan, routes, ...(policies.operations.length ? { autoscale: policies.operations } : {}), ...scheduled },
        );
      });
    });
}

/** Removes, then adds, the routes of a plan; prints each as it is done. */
async function applyRoutes(
  session: Session,
  instanceId: string,
  plan: RoutePlan,
): Promise<{ added: RouteView[]; removed: string[] }> {
  const { client, out } = session;
  const removed: string[] = [];
  for (const r of plan.remove) {
    await removeRoute(client, r.id);
    out.line(`route removed: ${r.url}`);
    removed.push(r.id);
  }
  const added: RouteView[] = [];
  for (const input of plan.add) {
    const r = await addRoute(client, instanceId, input, (field) => `routes (${describeRoute(input)}): ${field}`);
    out.line(`route added: ${r.url} → ${r.service}:${r.port}`);
    added.push(r);
  }
  return { added, removed };
}

/** `sha256:0123456789ab`: an image id as people compare them. */
const shortId = (id: string) => id.replace(/^(sha256:)?([0-9a-f]{12})[0-9a-f]*$/, 'sha256:$2');

/** The plan, for people; printed before anything is sent. */
export function printPlan(out: Output, plan: ApplyPlan, schedules?: SchedulePlan): void {
  const scheduleChanges = emptySchedulePlan(schedules) ? undefined : schedules;
  if (plan.action === 'none' && scheduleChanges) {
    const n = scheduleChanges.add.length + scheduleChanges.update.length + scheduleChanges.remove.length;
    out.line(`${plan.name}: change ${n} schedule(s)`);
  } else if (plan.action === 'none') {
    out.line(`${plan.name}: up to date, nothing to do`);
  } else if (plan.action === 'provision') {
    const services = (plan.input.services as Array<{ name: string; image?: string }>).map(
      (s) => `${s.name}=${plan.builds?.[s.name] ?? s.image}`,
    );
    const source = plan.input.source as Record<string, unknown> | undefined;
    out.line(`${plan.name}: provision (${source ? `${describeSource(source)} source` : services.join(', ')})`);
    for (const r of (plan.input.routes as RouteInputShape[] | undefined) ?? [])
      out.line(`  + route ${describeRoute(r)}`);
  } else if (plan.action === 'deploySource') {
    out.line(
      `${plan.name}: deploy its ${describeSource(plan.source)} source (the server prunes what it no longer has)`,
    );
  } else if (plan.action === 'deploy' && plan.again) {
    out.line(`${plan.name}: the instance is FAILED: deploy its ${plan.changes.length} service(s) again`);
    for (const c of plan.changes) out.line(`  ~ ${c.name} (${plan.builds?.[c.name] ?? `image ${c.input.image}`})`);
  } else if (plan.action === 'deploy') {
    const deploys = plan.changes.filter((c) => c.fields.some((f) => f !== 'autoscale'));
    const policies = plan.changes.filter((c) => 'autoscale' in c);
    const added = plan.add ?? [];
    const removed = plan.remove ?? [];
    if (deploys.length > 0 || added.length > 0 || removed.length > 0) {
      const parts = [
        deploys.length > 0 ? `deploy ${deploys.length} service(s)` : undefined,
        added.length > 0 ? `add ${added.length}` : undefined,
        removed.length > 0 ? `remove ${removed.length}` : undefined,
      ].filter(Boolean);
      out.line(`${plan.name}: ${parts.join(', ')} in place (the other services keep running)`);
    } else out.line(`${plan.name}: change the autoscaling of ${policies.length} service(s)`);
    for (const a of added)
      out.line(`  + service ${a.name} (${plan.builds?.[String(a.name)] ?? `image ${String(a.image)}`})`);
    for (const name of removed) out.line(`  - service ${name} (drained and removed; its volumes are kept)`);
    for (const c of deploys) {
      const fields = c.fields.filter((f) => f !== 'autoscale');
      const what = c.rebuilt
        ? `${c.input.image} names ${shortId(c.rebuilt.current)} now, ${shortId(c.rebuilt.running)} runs`
        : (plan.builds?.[c.name] ?? `image ${c.input.image}`);
      out.line(`  ~ ${c.name}: ${fields.join(', ')} (${what})`);
    }
    for (const c of policies)
      out.line(`  ~ ${c.name}: autoscale ${describePolicy(c.autoscale)} (was ${describePolicy(c.autoscaleWas)})`);
  } else {
    out.line(`${plan.name}: change ${plan.routes.add.length + plan.routes.remove.length} route(s)`);
  }
  if (plan.action !== 'provision' && plan.action !== 'none' && plan.routes) printRouteChanges(out, plan.routes);
  if (plan.action === 'provision') {
    const added = (plan.input.schedules as SchedulePlan['add'] | undefined) ?? [];
    if (added.length > 0) printSchedulePlan(out, { add: added, update: [], remove: [] });
  }
  if (scheduleChanges) printSchedulePlan(out, scheduleChanges);
}

/** `- route web:8080 http://…` for each removal (its url), `+ route web:8080 on api.example.com/` for each addition. */
function printRouteChanges(out: Output, routes: RoutePlan): void {
  for (const r of routes.remove) out.line(`  - route ${r.service}:${r.port} ${r.url}`);
  for (const r of routes.add) out.line(`  + route ${describeRoute(r)}`);
}

/** `manifests (3 documents)`, `kustomize (2 files)`, `helm chart demo`, `argocd repo …`. */
function describeSource(source: Record<string, unknown>): string {
  const m = source.manifests as { yaml?: string; kustomize?: unknown[] } | undefined;
  if (m?.kustomize) return `kustomize (${m.kustomize.length} files)`;
  if (m?.yaml !== undefined) return 'manifests';
  if (source.helm) return `helm chart ${(source.helm as { chart: string }).chart}`;
  return `argocd ${(source.argocd as { repoUrl: string }).repoUrl}`;
}
