import { type Build, type BuildLogLine, buildEnded } from '../control/builds-model.js';
import type { GraphQLContext } from './context.js';

/**
 * buildLogs' stream: the build's lines after `after`, then live (see
 * control/log-feed.ts), under a stream lease of the caller's token
 * (counted against its limit, ended when it is revoked). return() from the
 * transport (the client went away) ends it at once.
 */
export async function openBuildLogs(
  ctx: GraphQLContext,
  build: Build,
  after: number,
): Promise<AsyncIterableIterator<BuildLogLine>> {
  const lease = ctx.services.events.lease(ctx.principal);
  try {
    const pending = lease.check();
    if (pending) await pending;
  } catch (err) {
    lease.release();
    throw err;
  }
  const stop = new AbortController();
  const onRevoked = () => stop.abort(lease.signal.reason);
  lease.signal.addEventListener('abort', onRevoked, { once: true });
  const ended = async () => {
    const b = await ctx.services.builds.find(build.tenantId, build.id);
    return b ? buildEnded(b) : true;
  };
  const lines = ctx.services.logFeed.lines(build.operationId, after, ended, stop.signal);
  const end = () => {
    stop.abort();
    lease.signal.removeEventListener('abort', onRevoked);
    lease.release();
  };
  const it: AsyncIterableIterator<BuildLogLine> = {
    [Symbol.asyncIterator]: () => it,
    next: async () => {
      const r = await lines.next();
      if (r.done) {
        end();
        // A revoked token ends the stream with its error, as the other streams do.
        if (lease.signal.aborted && lease.signal.reason instanceof Error) throw lease.signal.reason;
      }
      return r;
    },
    return: async () => {
      end();
      await lines.return(undefined);
      return { value: undefined, done: true };
    },
  };
  return it;
}
