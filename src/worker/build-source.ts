/**
 * Where a build's context comes from: a git commit or an uploaded archive,
 * prepared in a private directory of its own and resolved inside it. The
 * BUILD operation calls one of these, hands `contextDir` and `dockerfile` to
 * the builder engine, records `source`, and calls `cleanup` when the build
 * ends (built, failed or canceled).
 */
export { type ArchiveSourceInput, prepareArchiveSource } from './build-source-archive.js';
export { type GitSourceInput, prepareGitSource } from './build-source-git.js';
export {
  type BuildSourceCode,
  BuildSourceError,
  type PreparedSource,
  type PreparedSourceInfo,
} from './build-source-tree.js';
