import { usageError } from './exit-codes.js';

/** The build flags of `deploy` (`--from`, `--git` and what shapes the build). */
export interface BuildFlags {
  from?: string;
  git?: string;
  gitCredential?: string;
  contextPath?: string;
  dockerfile?: string;
  target?: string;
  buildArg?: Array<{ name: string; value: string }>;
  secret?: Array<{ id: string; secretKey: string }>;
  /** `--no-deploy` sets it false: build only. */
  deploy?: boolean;
}

/** `K=V` for `--build-arg`, collected over repeats (`--build-arg A=1 --build-arg B=2`). */
export function collectBuildArg(
  raw: string,
  previous: Array<{ name: string; value: string }> = [],
): Array<{ name: string; value: string }> {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw usageError(`--build-arg: "${raw}" is not NAME=VALUE`);
  return [...previous, { name: raw.slice(0, eq), value: raw.slice(eq + 1) }];
}

/** `ID=VAULTKEY` for `--secret`: the build's `RUN --mount=type=secret,id=ID` reads the vault's VAULTKEY. */
export function collectSecret(
  raw: string,
  previous: Array<{ id: string; secretKey: string }> = [],
): Array<{ id: string; secretKey: string }> {
  const eq = raw.indexOf('=');
  if (eq <= 0 || eq === raw.length - 1) throw usageError(`--secret: "${raw}" is not ID=VAULTKEY`);
  return [...previous, { id: raw.slice(0, eq), secretKey: raw.slice(eq + 1) }];
}

/**
 * `URL#REF` → the API's GitRefInput: the ref after the last `#` (none:
 * HEAD). A URL carrying a password or token is refused: it would sit in
 * the shell's history and the build's record; a vault key (`--git-credential`)
 * carries it instead.
 */
export function gitRefOf(
  raw: string,
  credentialSecret?: string,
): { url: string; ref?: string; credentialSecret?: string } {
  const hash = raw.lastIndexOf('#');
  const url = hash >= 0 ? raw.slice(0, hash) : raw;
  const ref = hash >= 0 ? raw.slice(hash + 1) : undefined;
  if (!url) throw usageError(`--git: "${raw}" is not URL#REF`);
  if (hash >= 0 && !ref) throw usageError(`--git: "${raw}" has an empty ref after #`);
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/@]*:[^/@]*@/i.test(url))
    throw usageError('--git: the URL carries a password; put it in the vault and give --git-credential KEY');
  return { url, ...(ref ? { ref } : {}), ...(credentialSecret ? { credentialSecret } : {}) };
}

/** Whether the flags ask for a build, checking they ask for one source only. */
export function wantsBuild(flags: BuildFlags, pairs: readonly string[]): boolean {
  const build = flags.from !== undefined || flags.git !== undefined;
  if (flags.from !== undefined && flags.git !== undefined) throw usageError('--from and --git: give one source');
  if (build && pairs.length > 0)
    throw usageError('deploy: give service=image pairs or --from/--git, not both (pick the service with --service)');
  if (!build && pairs.length === 0)
    throw usageError('deploy: give service=image pairs, or --from DIR or --git URL#REF');
  if (!build) {
    const stray = (['dockerfile', 'target', 'buildArg', 'secret', 'contextPath', 'gitCredential'] as const).find(
      (k) => flags[k] !== undefined,
    );
    if (stray || flags.deploy === false)
      throw usageError(`--${kebab(stray ?? 'no-deploy')}: only with --from or --git`);
  }
  return build;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
