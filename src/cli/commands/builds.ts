import type { Command } from 'commander';
import {
  BuildLogPageDocument,
  type BuildLogPageQuery,
  InstanceBuildsDocument,
} from '../../client/generated/graphql.js';
import { describeSource, durationOf, finishBuild, followBuild } from '../build-follow.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { type GlobalOptions, requireInstance, withSession } from '../session.js';

/** `builds NAME` (an instance's builds, newest first) and `build logs BUILD_ID [-f]`. */
export function registerBuildCommands(program: Command): void {
  program
    .command('builds')
    .description("an instance's builds, newest first: status, service, source, steps (cached), duration, image")
    .argument('<name>', 'instance name')
    .option('--limit <n>', 'how many (default 20)', (v) => Number(v))
    .action(async (name: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { limit?: number }>();
      await withSession(opts, async ({ client, out }) => {
        const instance = await requireInstance(client, name);
        const data = await client.request(InstanceBuildsDocument, { id: instance.id, first: opts.limit ?? 20 });
        const builds = data.instance?.builds.edges.map((e) => e.node) ?? [];
        out.table(
          ['BUILD', 'SERVICE', 'STATUS', 'SOURCE', 'STEPS', 'DURATION', 'RELEASE', 'IMAGE'],
          builds.map((b) => [
            b.id,
            b.service,
            b.status,
            describeSource(b),
            b.steps == null ? null : `${b.steps} (${b.cachedSteps ?? 0} cached)`,
            durationOf(b).replace(/^, /, '') || null,
            b.release ? `v${b.release.version}` : null,
            b.image,
          ]),
          builds,
        );
      });
    });

  const build = program.command('build').description("a build's log");
  build
    .command('logs')
    .description("a build's log lines; -f follows a running build to its end (exit 1 if it fails)")
    .argument('<build-id>', 'the build (from `wheelhouse builds NAME` or `deploy --from`)')
    .option('-f, --follow', 'print lines as they are written, until the build ends')
    .action(async (buildId: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { follow?: boolean }>();
      await withSession(opts, async ({ client, out }) => {
        if (opts.follow) {
          const b = await followBuild(client, out, buildId);
          out.result({ build: b });
          return;
        }
        const lines: string[] = [];
        let after: string | null = null;
        for (;;) {
          const page: BuildLogPageQuery = await client.request(BuildLogPageDocument, {
            id: buildId,
            first: 1000,
            after,
          });
          const node = page.node;
          if (node?.__typename !== 'Build') throw new CliError(`no build ${buildId}`, ExitCode.FAILED);
          for (const e of node.logs.edges) {
            lines.push(e.node.line);
            out.line(e.node.line);
          }
          if (!node.logs.pageInfo.hasNextPage) break;
          after = node.logs.pageInfo.endCursor ?? null;
        }
        const b = await client.build(buildId);
        if (b && (b.status === 'FAILED' || b.status === 'CANCELED')) finishBuild(out, b);
        out.result({ build: b, lines });
      });
    });
}
