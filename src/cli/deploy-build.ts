import { openAsBlob } from 'node:fs';
import { join } from 'node:path';
import {
  BuildServiceDocument,
  type BuildServiceInput,
  type BuildServiceMutation,
  type BuildSpecInput,
  OperationDocument,
  type OperationFieldsFragment,
} from '../client/generated/graphql.js';
import { unwrap } from '../client/unwrap.js';
import { type BuildFlags, gitRefOf } from './build-flags.js';
import { followBuild, progressLine, size } from './build-follow.js';
import { packContext } from './context-archive.js';
import { CliError, ExitCode } from './exit-codes.js';
import { followOperation } from './follow-operation.js';
import type { Session } from './session.js';

/** How long a successful build's deploy may take to be queued before the CLI gives up looking. */
const DEPLOY_QUEUED_MS = 30_000;

/** Where the packed context goes in buildService's variables (the multipart map names it). */
export const ARCHIVE_PLACE = 'input.build.source.archive';

/** The rollout `deploy` asks for, passed on to the deploy that follows the build. */
export type RolloutChoice = Pick<BuildServiceInput, 'strategy' | 'canary'>;

/**
 * `deploy NAME --from DIR` / `--git URL#REF`: packs and uploads the
 * directory (a progress line on stderr) or names the commit, queues
 * buildService, prints the build's log live, then follows the deploy it
 * queues as `deploy --wait` does. Exit 1 when the build fails (its error
 * on one line) or the deploy does.
 */
export async function deployFromSource(
  session: Session,
  instance: { id: string; name: string; afterCursor: string },
  service: string,
  flags: BuildFlags,
  rollout: RolloutChoice,
  wait: boolean,
): Promise<void> {
  const { client, out } = session;
  const deploy = flags.deploy !== false;
  const build: BuildSpecInput = {
    source: flags.git ? { git: gitRefOf(flags.git, flags.gitCredential) } : { archive: null },
    ...(flags.contextPath ? { contextPath: flags.contextPath } : {}),
    ...(flags.dockerfile ? { dockerfile: flags.dockerfile } : {}),
    ...(flags.target ? { target: flags.target } : {}),
    ...(flags.buildArg ? { args: flags.buildArg } : {}),
    ...(flags.secret ? { secrets: flags.secret } : {}),
  };
  const input: BuildServiceInput = {
    instanceId: instance.id,
    service,
    build,
    deploy,
    ...(deploy ? dropUndefined(rollout) : {}),
  };

  let sent: BuildServiceMutation;
  if (flags.from !== undefined) {
    const archive = await packContext(flags.from, {
      dockerfile: join(flags.contextPath ?? '.', flags.dockerfile ?? 'Dockerfile'),
    });
    try {
      for (const l of archive.skippedLinks)
        process.stderr.write(`skipped ${l.path} → ${l.target} (a link out of ${flags.from})\n`);
      process.stderr.write(
        `context ${flags.from}: ${archive.files} files, ${size(archive.contentBytes)} (${size(archive.bytes)} packed, sha256:${archive.sha256.slice(0, 12)})\n`,
      );
      sent = await client.upload(
        BuildServiceDocument,
        { input },
        {
          [ARCHIVE_PLACE]: {
            blob: await openAsBlob(archive.path, { type: 'application/gzip' }),
            name: 'context.tar.gz',
          },
        },
        { onProgress: progressLine('uploading context') },
      );
    } finally {
      await archive.dispose();
    }
  } else {
    sent = await client.request(BuildServiceDocument, { input });
  }
  const payload = unwrap(sent.buildService);
  out.line(`build ${payload.build.id} ${payload.build.status} (operation ${payload.operation.id})`);
  if (!wait) {
    out.result({ build: payload.build, operation: payload.operation });
    return;
  }
  const built = await followBuild(client, out, payload.build.id);
  if (!deploy) {
    out.result({ build: built, operation: payload.operation });
    return;
  }
  // The build's operation hands the image over (queues the deploy) after the build: it must have done so.
  const handed = await client.waitForOperation(payload.operation.id);
  if (handed.status !== 'SUCCEEDED') {
    const why = handed.error ? `${handed.error.code}: ${handed.error.message}` : handed.status;
    throw new CliError(
      `operation ${handed.id} BUILD ${handed.status}: ${why.replace(/\s*\n\s*/g, ' ')}`,
      ExitCode.FAILED,
    );
  }
  const queued = await deployQueuedAfter(session, instance, payload.operation.id);
  const op = await followOperation(client, out, queued.operation, instance, queued.before);
  out.result({ build: built, operation: op });
}

/**
 * The deploy a successful build queued: the first DEPLOY operation the
 * instance's events name after the build was asked for, and the cursor of
 * the event before it (so its progress is printed from there).
 */
async function deployQueuedAfter(
  session: Session,
  instance: { id: string; afterCursor: string },
  buildOperationId: string,
): Promise<{ operation: OperationFieldsFragment; before: string }> {
  const { client } = session;
  const stop = AbortSignal.timeout(DEPLOY_QUEUED_MS);
  let before = instance.afterCursor;
  for await (const e of client.instanceEvents(instance.id, { after: instance.afterCursor, signal: stop })) {
    if (e.operation && e.operation.id !== buildOperationId && e.operation.kind === 'DEPLOY') {
      const { operation } = await client.request(OperationDocument, { id: e.operation.id });
      if (operation) return { operation, before };
    }
    before = e.cursor;
  }
  throw new CliError(
    `the build succeeded but no deploy was queued within ${DEPLOY_QUEUED_MS / 1000}s; see \`wheelhouse events\``,
    ExitCode.FAILED,
  );
}

function dropUndefined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
