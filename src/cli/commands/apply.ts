import type { Command } from 'commander';
import type { ResultMember } from '../api.js';
import { type ApplyPlan, planApply, UnsupportedChangeError } from '../apply-plan.js';
import { resolveConnection } from '../config-store.js';
import { DeployMutation, ProvisionMutation } from '../documents.js';
import { usageError } from '../exit-codes.js';
import { followFrom, runLifecycle } from '../lifecycle.js';
import type { Output } from '../output.js';
import { findInstance, type GlobalOptions, withSession } from '../session.js';
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
        const current = await findInstance(session.api, spec.name);
        let plan: ApplyPlan;
        try {
          plan = planApply(current ?? null, spec);
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
        if (plan.action === 'provision') {
          await runLifecycle(
            session,
            { name: spec.name, afterCursor: '0' },
            async () =>
              (await session.api.request<{ provisionInstance: ResultMember }>(ProvisionMutation, { input: plan.input }))
                .provisionInstance,
            'ProvisionInstancePayload',
            opts.wait ?? false,
            { plan },
          );
          return;
        }
        const target = followFrom(current!);
        await runLifecycle(
          session,
          target,
          async () =>
            (
              await session.api.request<{ deployInstance: ResultMember }>(DeployMutation, {
                input: {
                  instanceId: plan.instanceId,
                  expectedVersion: plan.expectedVersion,
                  services: plan.changes.map((c) => c.input),
                },
              })
            ).deployInstance,
          'DeployInstancePayload',
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
    out.line(`${plan.name}: provision (${services.join(', ')})`);
  } else {
    out.line(`${plan.name}: deploy ${plan.changes.length} service(s)`);
    for (const c of plan.changes) out.line(`  ~ ${c.name}: ${c.fields.join(', ')} (image ${c.input.image})`);
  }
}
