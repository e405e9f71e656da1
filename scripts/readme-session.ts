/**
 * Runs the README's "A first session" as written and checks every output it
 * shows, so the README cannot drift from the product: `npx tsx
 * scripts/readme-session.ts` (test/e2e/readme-session.test.ts runs it in CI).
 *
 * What it does: starts the server the way "Install and start" does, on a
 * fresh data dir and free ports; runs the section's blocks in order in one
 * bash, in a scratch directory inside the checkout (where a new user types
 * `npx wheelhouse`, and where `wheelhouse/client` resolves), with HOME of its
 * own; compares each command's output with the README's (conventions in
 * readme-session/parse.ts and readme-session/expect.ts); then stops the
 * server and its HAProxy and removes any Docker object the session left
 * (which is a failure: the README's own teardown must remove them).
 *
 * What the README writes and the run replaces: `whk_…` is the token the first
 * start printed; `127.0.0.1:4000` is the server; port 8080 after a host name
 * with a dot (`web-site-default.localhost:8080`, `127.0.0.1:8080`) and any
 * `:8443` are the edge. The real output is mapped back before comparing.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Dockerode from 'dockerode';
import { ensureTestImages } from '../test/support/docker-images.js';
import { compareOutput, mapBack, type OutputContext } from './readme-session/expect.js';
import { type Command, readSession, type Step } from './readme-session/parse.js';
import { type SessionServer, startSessionServer } from './readme-session/server.js';
import { type Ran, Session } from './readme-session/shell.js';

/** Where the session stopped, and why. */
export interface SessionFailure {
  /** The README's line of the command. */
  line: number;
  command: string;
  reason: string;
  /** Expected (`-`) against real (`+`) output, from the first line that differs. */
  diff?: string;
  output?: string;
}

/** What a run of the session gave. */
export interface SessionResult {
  /** Commands run (a script block counts once). */
  ran: number;
  /** The first failure (the session stops there: later blocks depend on earlier ones). */
  failure?: SessionFailure;
  /** Docker objects the session left behind (removed by the runner). */
  leftovers: string[];
  /** The server's log, for a failure's context. */
  serverLog: string;
}

/** Options of a run. */
export interface SessionOptions {
  /** The checkout (default: this script's). */
  root?: string;
  /** Settings added to the server's environment (the test's labels, short drains). */
  serverEnv?: Record<string, string>;
  /** Each command as it starts (progress). */
  onCommand?: (line: number, command: string) => void;
  /** Per command; default 120 s. */
  commandTimeoutMs?: number;
  /** Go on after a mismatch (while the shell lives), printing each command's real output: for writing the README. */
  record?: (line: number, output: string) => void;
}

const LABEL = 'dev.wheelhouse.readme-session';

/** Runs the README's first session start to end. */
export async function runReadmeSession(opts: SessionOptions = {}): Promise<SessionResult> {
  const root = opts.root ?? resolve(import.meta.dirname, '..');
  const steps = readSession(join(root, 'README.md'));
  const runId = randomBytes(6).toString('hex');
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  await ensureTestImages(docker);
  const dataDir = mkdtempSync(join(tmpdir(), 'wh-readme-data-'));
  const home = mkdtempSync(join(tmpdir(), 'wh-readme-home-'));
  mkdirSync(join(root, '.scratch'), { recursive: true });
  const workDir = mkdtempSync(join(root, '.scratch', 'readme-session-'));
  const labels = [process.env.WHEELHOUSE_DOCKER_LABELS, `${LABEL}=${runId}`].filter(Boolean).join(',');
  const removeDirs = () => {
    for (const dir of [workDir, home, dataDir]) rmSync(dir, { recursive: true, force: true });
  };
  let server: SessionServer;
  try {
    server = await startSessionServer(root, dataDir, {
      WHEELHOUSE_DOCKER_LABELS: labels,
      // Short drains keep the deploy under load quick; the README's words do not depend on them.
      WHEELHOUSE_EDGE_DRAIN_SECONDS: '2',
      ...opts.serverEnv,
    });
  } catch (err) {
    removeDirs();
    throw err;
  }
  const shell = new Session(workDir, {
    PATH: process.env.PATH ?? '',
    HOME: home,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    // `npx wheelhouse` runs the checkout's own bin: never ask the registry.
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
  });
  const rewrite = forward(server);
  const ctx: OutputContext = { back: back(server), home };
  let ran = 0;
  let failure: SessionFailure | undefined;
  let leftovers: string[];
  try {
    failure = await runSteps(steps, shell, workDir, rewrite, ctx, opts, () => ran++);
  } finally {
    // Even when a step threw: the bash (and its load loops), the server and its HAProxy, what it left on the engine.
    shell.close();
    await server.stop();
    leftovers = await removeLeftovers(docker, `${LABEL}=${runId}`);
    removeDirs();
  }
  // The token is the session's own (its data dir is gone), but a token is never printed: the README's placeholder instead.
  if (failure?.output !== undefined) failure.output = mapBack(failure.output, ctx);
  const serverLog = server.log().replaceAll(server.token, 'whk_…');
  return { ran, ...(failure ? { failure } : {}), leftovers, serverLog };
}

async function runSteps(
  steps: Step[],
  shell: Session,
  workDir: string,
  rewrite: (text: string) => string,
  ctx: OutputContext,
  opts: SessionOptions,
  count: () => void,
): Promise<SessionFailure | undefined> {
  for (const step of steps) {
    if (step.kind === 'file') {
      writeFileSync(join(workDir, step.name), `${rewrite(step.content)}\n`);
      continue;
    }
    for (const [i, cmd] of step.commands.entries()) {
      opts.onCommand?.(cmd.line, cmd.text);
      count();
      const ran = await shell.run(rewrite(cmd.text), {
        script: cmd.script,
        timeoutMs: opts.commandTimeoutMs ?? 120_000,
      });
      const problem = check(cmd, ran, step.commands[i + 1] !== undefined, ctx);
      if (opts.record) {
        opts.record(cmd.line, `${problem ? problem.reason : 'as the README shows'}\n${mapBack(ran.output, ctx)}`);
        if (ran.code === undefined) return problem;
      } else if (problem) return problem;
    }
  }
  return undefined;
}

/** What is wrong with one command's run, if anything. */
function check(cmd: Command, ran: Ran, hasNext: boolean, ctx: OutputContext): SessionFailure | undefined {
  const base = { line: cmd.line, command: cmd.text, output: ran.output };
  if (ran.timedOut) return { ...base, reason: 'timed out' };
  if (ran.code === undefined) return { ...base, reason: 'the block failed (set -e) and ended the session' };
  if (ran.code !== 0 && !cmd.mayFail)
    return { ...base, reason: `exit code ${ran.code} (only a command followed by \`echo $?\` may fail)` };
  if (ran.code === 0 && cmd.mayFail && hasNext)
    return { ...base, reason: 'exit code 0, but the README shows `echo $?` after it' };
  const mismatch = compareOutput(cmd.expected, ran.output, ctx, cmd.json);
  if (mismatch) return { ...base, reason: 'the output differs from the README', diff: mismatch.diff };
  return undefined;
}

/** The README's fixed addresses and placeholder token → the session's real ones. */
function forward(s: { url: string; edgeHttp: string; edgeHttps: string; token: string }): (text: string) => string {
  const api = new URL(s.url).port;
  const http = new URL(s.edgeHttp).port;
  const https = new URL(s.edgeHttps).port;
  return (text) =>
    text
      .replaceAll('whk_…', s.token)
      .replaceAll('127.0.0.1:4000', `127.0.0.1:${api}`)
      .replace(/(\.[a-z]+|127\.0\.0\.1):8080\b/g, `$1:${http}`)
      .replace(/:8443\b/g, `:${https}`);
}

/** The session's real addresses and token → the README's. */
function back(s: { url: string; edgeHttp: string; edgeHttps: string; token: string }): OutputContext['back'] {
  const port = (u: string) => new URL(u).port;
  return [
    [s.token, 'whk_…'],
    [new RegExp(`:${port(s.url)}\\b`, 'g'), ':4000'],
    [new RegExp(`:${port(s.edgeHttp)}\\b`, 'g'), ':8080'],
    [new RegExp(`:${port(s.edgeHttps)}\\b`, 'g'), ':8443'],
  ];
}

/** Removes (containers first) the objects carrying `label` and names what it found. */
async function removeLeftovers(docker: Dockerode, label: string): Promise<string[]> {
  const filters = { label: [label] };
  const containers = await docker.listContainers({ all: true, filters });
  for (const c of containers) await docker.getContainer(c.Id).remove({ force: true, v: true });
  const networks = await docker.listNetworks({ filters });
  for (const n of networks) await docker.getNetwork(n.Id).remove();
  const volumes = (await docker.listVolumes({ filters })).Volumes ?? [];
  for (const v of volumes) await docker.getVolume(v.Name).remove();
  return [
    ...containers.map((c) => `container ${(c.Names?.[0] ?? c.Id).replace(/^\//, '')}`),
    ...networks.map((n) => `network ${n.Name}`),
    ...volumes.map((v) => `volume ${v.Name}`),
  ];
}

/** A failure as the test and the command line print it. */
export function describeFailure(f: SessionFailure): string {
  return [
    `README.md:${f.line}: ${f.reason}`,
    `command:\n${f.command.replace(/^/gm, '  ')}`,
    ...(f.diff ? [`diff (- README, + real):\n${f.diff}`] : []),
    ...(f.output !== undefined && !f.diff ? [`output:\n${f.output.replace(/^/gm, '  ')}`] : []),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const record = process.argv.includes('--record')
    ? (line: number, what: string) => console.log(`---- README.md:${line}: ${what}\n`)
    : undefined;
  const result = await runReadmeSession({
    onCommand: (line, cmd) => console.log(`README.md:${line}: ${cmd.split('\n')[0]}`),
    ...(record ? { record } : {}),
  });
  if (result.failure) console.error(`\n${describeFailure(result.failure)}`);
  if (result.leftovers.length) console.error(`\nleft on the engine (removed now): ${result.leftovers.join(', ')}`);
  const ok = !result.failure && result.leftovers.length === 0;
  const done = record ? 'recorded' : `ran as written (${result.ran} commands)`;
  console.log(ok ? `\nthe README's first session ${done}` : '\nFAILED');
  process.exit(ok ? 0 : 1);
}
