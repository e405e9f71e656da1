/**
 * A fake of OUR builder engine (`BuildEngine`, src/providers/builds.ts) for
 * the CLI's build tests: it reads the context it is handed (so what the CLI
 * uploaded is what it "builds"), prints one line per step as a builder
 * would, answers a second build of the same context from its "cache", and
 * fails at step 3 with the compiler's words when the context has a file
 * `FAIL` (its content is the words). `pauseMs` spaces the lines so a test
 * can cut a stream mid-build.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BuildEngine, BuildRequest } from '../../src/providers/builds.js';
import { ProviderError } from '../../src/providers/provider-errors.js';

export interface FakeBuilder {
  engine: BuildEngine;
  /** Every request, in order, with the files its context held. */
  requests: Array<{ req: BuildRequest; files: Record<string, string> }>;
  /** Milliseconds between two lines (default 0). */
  pauseMs: number;
}

async function filesOf(root: string, at = root, out: Record<string, string> = {}): Promise<Record<string, string>> {
  for (const e of await readdir(at, { withFileTypes: true })) {
    const full = join(at, e.name);
    if (e.isDirectory()) await filesOf(root, full, out);
    else if (e.isFile()) out[relative(root, full)] = await readFile(full, 'utf8');
  }
  return out;
}

export function fakeBuilder(): FakeBuilder {
  const seen = new Set<string>();
  const fake: FakeBuilder = {
    requests: [],
    pauseMs: 0,
    engine: {
      mode: 'buildkit',
      async build(ctx, req, sink) {
        const files = await filesOf(req.contextDir);
        fake.requests.push({ req, files });
        const digest = createHash('sha256')
          .update(JSON.stringify(Object.entries(files).sort()))
          .digest('hex');
        const cached = seen.has(digest);
        const names = Object.keys(files).sort();
        const steps = [`FROM busybox`, ...names.map((n) => `COPY ${n}`), 'RUN make'];
        for (let i = 0; i < steps.length; i++) {
          if (ctx.signal?.aborted) throw new ProviderError('canceled', 'build canceled', 'fake');
          if (fake.pauseMs > 0) await new Promise((r) => setTimeout(r, fake.pauseMs));
          sink.line({
            step: i + 1,
            line: `#${i + 1} [${i + 1}/${steps.length}] ${steps[i]}${cached ? ' CACHED' : ''}`,
          });
          if (i === 2 && files.FAIL !== undefined) {
            const words = files.FAIL.trim();
            sink.line({ step: 3, line: `#3 ERROR: ${words}` });
            throw new ProviderError('build_failed', `step 3 (${steps[2]}) failed: ${words}`, 'fake');
          }
        }
        seen.add(digest);
        return {
          imageId: `sha256:${digest}`,
          image: req.tag,
          steps: steps.length,
          cachedSteps: cached ? steps.length : 0,
        };
      },
    },
  };
  return fake;
}
