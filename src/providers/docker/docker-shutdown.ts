/**
 * Telling a workload that failed from an engine that went away. A stopping
 * dockerd stops its containers (SIGTERM, then SIGKILL) before its socket
 * closes, so a wait on a container can end with exit code 143 or 137 just
 * before every call starts failing: the operation must then end as
 * `unavailable` (and be retried or healed once the engine is back), not as a
 * workload failure blamed on the user's image.
 */
import type Dockerode from 'dockerode';

/** Exit codes of a process ended by SIGTERM (143) or SIGKILL (137). */
export function killedBySignal(code: number): boolean {
  return code === 143 || code === 137;
}

/**
 * True when the engine stops answering pings within `withinMs`: whatever
 * killed the container was the engine's own shutdown. Costs `withinMs` only
 * when the engine stays up, which is the failure path of a signalled exit.
 */
export async function engineLeaving(docker: Dockerode, withinMs = 3000, everyMs = 250): Promise<boolean> {
  // dockerode's typings omit ping's options argument; it accepts one at runtime.
  const ping = docker.ping as unknown as (this: Dockerode, opts: object) => Promise<unknown>;
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    try {
      await ping.call(docker, { abortSignal: AbortSignal.timeout(1000) });
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}
