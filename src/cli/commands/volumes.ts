import type { Command } from 'commander';
import type { WheelhouseClient } from '../../client/client.js';
import { DeleteKeptVolumeDocument, KeptVolumesDocument } from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { type GlobalOptions, withSession } from '../session.js';

/** `wheelhouse volumes ls|rm`: the volumes deprovisions kept (issue 39). */
export function registerVolumeCommands(program: Command): void {
  const volumes = program
    .command('volumes')
    .description('volumes kept when their instance was destroyed: list them, or delete them (attach one with `kept:`)');
  volumes
    .command('ls')
    .description('list the kept volumes not attached to an instance, newest first')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const rows = (await client.request(KeptVolumesDocument, { first: 100 })).keptVolumes.edges.map((e) => e.node);
        out.table(
          ['ID', 'NAME', 'PROVIDER', 'FROM', 'SIZE', 'KEPT'],
          rows.map((v) => [
            v.id,
            v.name,
            v.provider,
            `${v.instanceName}/${v.service ?? '-'}/${v.volume}`,
            v.sizeMb ? `${v.sizeMb}Mi` : null,
            v.keptAt,
          ]),
          rows,
        );
      });
    });
  volumes
    .command('rm')
    .description('delete a kept volume on its provider, data and all')
    .argument('<id>', 'the kept volume id (from volumes ls)')
    .action(async (id: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap((await client.request(DeleteKeptVolumeDocument, { input: { id } })).deleteKeptVolume);
        out.result(r, `deleted ${r.id}`);
      });
    });
}

/**
 * Lets a spec file name a kept volume by its name (`kept: wh-…-data`) as well
 * as by id: names found among the kept volumes become their ids, in place;
 * anything else is sent as written (an id, or the API's error at its field).
 */
export async function resolveKeptNames(
  client: WheelhouseClient,
  input: { services?: readonly { volumes?: readonly { kept?: string | null }[] | null }[] | null },
): Promise<void> {
  const asked = (input.services ?? []).flatMap((s) => (s.volumes ?? []).filter((v) => v.kept));
  if (asked.length === 0) return;
  const ids = new Map<string, string>();
  let after: string | null | undefined;
  do {
    const page = (await client.request(KeptVolumesDocument, { first: 100, after })).keptVolumes;
    for (const e of page.edges) ids.set(e.node.name, e.node.id);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined;
  } while (after);
  for (const v of asked) {
    const id = ids.get(v.kept as string);
    if (id) (v as { kept?: string }).kept = id;
  }
}
