import type { Command } from 'commander';
import {
  DeployInstanceDocument,
  ProvisionInstanceDocument,
  type ProvisionInstanceInput,
  type ServiceDeployInput,
  type WorkloadSourceInput,
} from '../../client/generated/graphql.js';
import { type ApplyPlan, type CurrentInstance, planApply, UnsupportedChangeError } from '../apply-plan.js';
import { resolveConnection } from '../config-store.js';
import { usageError } from '../exit-codes.js';
import { runLifecycle } from '../lifecycle.js';
import type { Output } from '../output.js';
import { followTarget, type GlobalOptions, withSession } from '../session.js';
import { loadSpecFile } from '../spec-file.js';

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
        const current = await session.client.instanceByName(spec.name);
        let plan: ApplyPlan;
        try {
          plan = planApply(current as CurrentInstance | null, spec);
        } catch (err) {
          if (err instanceof UnsupportedChangeError) {
            throw usageError(`${opts.file}: ${spec.name} cannot be changed in place:\n  ${err.problems.join('\n  ')}`);
          }
          throw err;
        }
        printPlan(session.out, plan);
        if (plan.action === 'none' || opts.dryRun) {
          session.out.result({ plan, operation: null });
          return;
        }
        const { client } = session;
        if (plan.action === 'provision') {
          const input = plan.input as unknown as ProvisionInstanceInput;
          await runLifecycle(
            session,
            { name: spec.name, afterCursor: '0' },
            async () => (await client.request(ProvisionInstanceDocument, { input })).provisionInstance,
            opts.wait ?? false,
            { plan },
          );
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
            { plan },
          );
          return;
        }
        const services = plan.changes.map((c) => c.input) as unknown as ServiceDeployInput[];
        await runLifecycle(
          session,
          target,
          async () =>
            (
              await client.request(DeployInstanceDocument, {
                input: { instanceId: plan.instanceId, expectedVersion: plan.expectedVersion, services },
              })
            ).deployInstance,
          opts.wait ?? false,
          { plan },
        );
      });
    });
}

/** The plan, for people; printed before anything is sent. */
export function printPlan(out: Output, plan: ApplyPlan): void {
  if (plan.action === 'none') {
    out.line(`${plan.name}: up to date, nothing to do`);
  } else if (plan.action === 'provision') {
    const services = (plan.input.services as Array<{ name: string; image: string }>).map((s) => `${s.name}=${s.image}`);
    const source = plan.input.source as Record<string, unknown> | undefined;
    out.line(`${plan.name}: provision (${source ? `${describeSource(source)} source` : services.join(', ')})`);
  } else if (plan.action === 'deploySource') {
    out.line(
      `${plan.name}: deploy its ${describeSource(plan.source)} source (the server prunes what it no longer has)`,
    );
  } else {
    out.line(`${plan.name}: deploy ${plan.changes.length} service(s)`);
    for (const c of plan.changes) out.line(`  ~ ${c.name}: ${c.fields.join(', ')} (image ${c.input.image})`);
  }
}

/** `manifests (3 documents)`, `kustomize (2 files)`, `helm chart demo`, `argocd repo …`. */
function describeSource(source: Record<string, unknown>): string {
  const m = source.manifests as { yaml?: string; kustomize?: unknown[] } | undefined;
  if (m?.kustomize) return `kustomize (${m.kustomize.length} files)`;
  if (m?.yaml !== undefined) return 'manifests';
  if (source.helm) return `helm chart ${(source.helm as { chart: string }).chart}`;
  return `argocd ${(source.argocd as { repoUrl: string }).repoUrl}`;
}
