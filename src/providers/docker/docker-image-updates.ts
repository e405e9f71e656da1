import type { ImageUpdate } from '../provider.js';
import { ServiceRoles } from '../service-spec.js';
import type { Call } from './docker-call.js';
import type { DockerEngine } from './docker-engine.js';

/**
 * The services whose image reference now names another image than their
 * running replicas run: a tag rebuilt (`docker build -t web:1 .`) or pulled
 * anew since they started. Each container records the reference it was made
 * from (its spec label) and runs an image id; the reference is looked up once.
 * A reference the engine no longer has is left out: a deploy would pull it,
 * which this read never does. INIT services ran to completion and are left out.
 */
export async function readImageUpdates(engine: DockerEngine, call: Call, instanceId: string): Promise<ImageUpdate[]> {
  const running = (await engine.list(call, instanceId)).filter(
    (c) => c.state === 'running' && c.role !== ServiceRoles.init && c.spec !== undefined,
  );
  const references = [...new Set(running.map((c) => c.spec!.image))];
  const current = new Map(
    await Promise.all(references.map(async (image) => [image, await engine.imageIdOf(call, image)] as const)),
  );
  const out = new Map<string, ImageUpdate>();
  for (const c of running) {
    const image = c.spec!.image;
    const now = current.get(image);
    if (!now || now === c.imageId || out.has(c.service)) continue;
    out.set(c.service, { service: c.service, image, runningImageId: c.imageId, currentImageId: now });
  }
  return [...out.values()].sort((a, b) => a.service.localeCompare(b.service));
}
