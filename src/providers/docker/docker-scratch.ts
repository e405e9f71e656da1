/**
 * Short-lived containers beside an instance's services (a job's, a backup's
 * helper): removed however their run ends, and found again by label after a
 * crash. One removal for both, so neither leaves an anonymous volume behind
 * (an image that declares `VOLUME`, e.g. postgres, gets one per container).
 */
import { Call } from './docker-call.js';
import { isNotFound } from './docker-errors.js';
import { Labels } from './docker-names.js';
import type { DockerParts } from './docker-parts.js';

type Parts = Pick<DockerParts, 'engine' | 'apiTimeoutMs' | 'target'>;

/**
 * Removes a scratch container and its anonymous volumes, killed (it has
 * nothing left to finish), with a call of its own (the run's may be
 * canceled); absent is fine.
 */
export async function removeScratch(parts: Parts, what: string, id: string): Promise<void> {
  const call = new Call(what, undefined, parts.apiTimeoutMs, parts.target);
  try {
    await parts.engine.docker.getContainer(id).remove(call.opts({ force: true, v: true }));
  } catch (err) {
    if (!isNotFound(err)) await parts.engine.remove(call, id).catch(() => undefined);
  }
}

/** Removes the instance's scratch containers labelled `label` (`key=value`); answers how many there were. */
export async function removeScratchLabelled(
  parts: Parts,
  call: Call,
  what: string,
  instanceId: string,
  label: string,
): Promise<number> {
  const found = await parts.engine.docker.listContainers(
    call.opts({
      all: true,
      filters: { label: [`${Labels.managed}=true`, `${Labels.instance}=${instanceId}`, label] },
    }),
  );
  for (const c of found) await removeScratch(parts, what, c.Id);
  return found.length;
}
