/**
 * Builds from source, the provider side: the optional engine
 * `Provider.engines.builder` (engines.ts) that turns a context directory into
 * an image on the provider's Docker Engine, tags it and, when asked, pushes
 * it to a registry. The control plane owns everything around it (the BUILD
 * operation, the source checkout, the vault, the log record, the deploy that
 * follows); the engine only builds, reports its progress and says what it
 * made.
 *
 * Secrets: `BuildRequest.secrets` values reach the engine only through
 * BuildKit's session (`RUN --mount=type=secret`), never as build arguments,
 * labels or files of the context, and no engine writes one to a sink line, an
 * error message or a log.
 */
import type { CallContext } from './provider.js';

/** What to build, where the context already is (checked out and resolved inside its source). */
export interface BuildRequest {
  /** A local directory holding the build context (already inside its source: never escapes it). */
  contextDir: string;
  /** The Dockerfile's path, relative to `contextDir` (already checked not to escape it). */
  dockerfile: string;
  /** A multi-stage target. */
  target?: string;
  /** Build arguments (`ARG`): visible in the image's history, so never secrets. */
  args: Readonly<Record<string, string>>;
  /** Build secrets by id, for `RUN --mount=type=secret,id=<id>`: never in a layer, the history or a line. */
  secrets: Readonly<Record<string, string>>;
  /** CPU limit of the build's steps, in thousandths of a core. */
  cpuMillis?: number;
  /** Memory limit of the build's steps, in MiB. */
  memoryMb?: number;
  /** The build is stopped (and fails with BUILD_TIMEOUT) after this long. */
  timeoutMs: number;
  /** The reference the image is tagged with, e.g. `127.0.0.1:5000/wh/default/shop/web:3f2a…`. */
  tag: string;
  /** Push `tag` to its registry after a successful build (and report the registry's digest). */
  push: boolean;
  /** Labels set on the image (the instance, service and source it came from). */
  labels: Readonly<Record<string, string>>;
}

/** One line of a build's output, attributed to a step when the builder says which. */
export interface BuildOutputLine {
  /** The 1-based step the line belongs to, when known. */
  step?: number;
  /** The text, without a trailing newline; never a secret value. */
  line: string;
}

/** Where an engine reports a build's progress while it runs. Calls are synchronous and cheap. */
export interface BuildSink {
  /** One output line (the builder's own lines, and the step headers it prints). */
  line(out: BuildOutputLine): void;
}

/** What a successful build made. */
export interface BuildResult {
  /** The image id on the builder's engine (`sha256:…`). */
  imageId: string;
  /** The registry's manifest digest (`sha256:…`) when the image was pushed. */
  digest?: string;
  /** The reference to deploy: `tag` (pushed or local). */
  image: string;
  /** Build steps run. */
  steps: number;
  /** Of those, the ones answered from the cache. */
  cachedSteps: number;
}

/**
 * Builds on a Docker Engine. A failed build throws a ProviderError with code
 * `BUILD_FAILED` whose message names the failing step and the builder's last
 * words (secret values masked); a timeout throws `BUILD_TIMEOUT`; an aborted
 * `ctx.signal` stops the build, leaves no builder container behind and
 * throws CanceledError.
 */
export interface BuildEngine {
  /** `buildkit` where the engine builds with BuildKit through its API; `classic` otherwise (no build secrets). */
  mode: 'buildkit' | 'classic';
  /** Builds (and pushes, when asked) one image. */
  build: (ctx: CallContext, req: BuildRequest, sink: BuildSink) => Promise<BuildResult>;
}
