/**
 * The convention the README's first session is run by (scripts/readme-session/):
 * which blocks run, which block is a command's expected output, and how the
 * real output is compared (placeholders, `…`, JSON laid out over lines).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareOutput, type OutputContext } from '../../scripts/readme-session/expect.js';
import { readSession, sessionSteps } from '../../scripts/readme-session/parse.js';

const ctx: OutputContext = { back: [[/:41234\b/g, ':4000']], home: '/tmp/home-x' };

describe('the README session convention', () => {
  it('takes scripts with the output block right after them, console commands with their lines, saved files; skips the rest', () => {
    const md = [
      '# Title',
      '```sh',
      'echo before',
      '```',
      '## A first session',
      '```sh',
      'echo one',
      '```',
      '',
      '```text',
      'one',
      '```',
      'Prose, so the next json is an illustration:',
      '```json',
      '{"not":"checked"}',
      '```',
      '<!-- readme-session: skip -->',
      '```sh',
      'exit 1',
      '```',
      '```text',
      'never compared',
      '```',
      '<!-- readme-session: file a.yaml -->',
      '```yaml',
      'name: a',
      '```',
      '```console',
      '$ false',
      '$ echo $?',
      '1',
      '$ printf "a\\n\\nb\\n"',
      'a',
      '',
      'b',
      '```',
      '```graphql',
      'subscription { x }',
      '```',
      '## Configuration',
      '```sh',
      'echo after',
      '```',
    ].join('\n');
    const steps = sessionSteps(md);
    expect(steps).toEqual([
      {
        kind: 'commands',
        line: 6,
        commands: [{ text: 'echo one', expected: 'one', line: 7, json: false, mayFail: false, script: true }],
      },
      { kind: 'file', line: 25, name: 'a.yaml', content: 'name: a' },
      {
        kind: 'commands',
        line: 28,
        commands: [
          { text: 'false', expected: '', line: 29, json: false, mayFail: true, script: false },
          { text: 'echo $?', expected: '1', line: 30, json: false, mayFail: false, script: false },
          { text: 'printf "a\\n\\nb\\n"', expected: 'a\n\nb', line: 32, json: false, mayFail: false, script: false },
        ],
      },
    ]);
  });

  it('an unknown directive is an error naming its line', () => {
    expect(() => sessionSteps('## A first session\n<!-- readme-session: skpi -->\n```sh\ntrue\n```\n')).toThrow(
      /README\.md:2: unknown readme-session directive "skpi"/,
    );
  });

  it('reads the real README: GraphQL scripts, CLI and TypeScript files, console sessions', () => {
    const steps = readSession(resolve(import.meta.dirname, '../../README.md'));
    const files = steps.flatMap((s) => (s.kind === 'file' ? [s.name] : []));
    expect(files).toEqual(['wheelhouse.yaml', 'site.yaml', 'provision-example.ts']);
    const commands = steps.flatMap((s) => (s.kind === 'commands' ? s.commands : []));
    expect(commands[0]?.text).toMatch(/^TOKEN=whk_…/);
    expect(commands.filter((c) => c.json).length).toBeGreaterThanOrEqual(6);
    expect(commands.some((c) => c.text.startsWith('npx wheelhouse deploy site') && c.mayFail)).toBe(true);
  });

  it('matches ids, dates and ephemeral ports by shape, `…` within a line and as whole lines', () => {
    const readme = [
      'operation T3BlcmF0aW9uOmM5YzhjOWY2LTU4NzItNDJmYy1hNDc2LTdjOWE5Y2UwNDMwMw== DEPLOY QUEUED',
      '  …',
      '  analysis FAILED: … requests',
      'endpoint:  web http://127.0.0.1:32784 until 2027-03-07',
      'server http://127.0.0.1:4000/graphql, config ~/.config/x',
    ].join('\n');
    const real = [
      'operation T3BlcmF0aW9uOjQyZjE1YTQ4LTgwYmUtNGMxZi05ZTE3LWMwOTUxOGM1ZDVhMw== DEPLOY QUEUED',
      '  step apply deploy RUNNING',
      '  release created: release v3',
      '  analysis FAILED: 13 requests',
      'endpoint:    web http://127.0.0.1:40001 until 2028-01-01',
      'server http://127.0.0.1:41234/graphql, config /tmp/home-x/.config/x',
    ].join('\n');
    expect(compareOutput(readme, real, ctx)).toBeUndefined();
    // The fixed ports are not placeholders: the server's port must map back to 4000.
    expect(compareOutput(readme, real.replace(':41234/', ':41235/'), ctx)).toBeDefined();
    // A line that differs is reported with both sides.
    const mismatch = compareOutput(readme, real.replace('DEPLOY QUEUED', 'DEPLOY FAILED'), ctx);
    expect(mismatch?.diff).toContain('- operation <id> DEPLOY QUEUED');
    expect(mismatch?.diff).toContain('+ operation <id> DEPLOY FAILED');
  });

  it('compares JSON without the layout the README gives it; an empty expectation wants no output', () => {
    const readme = '{"data":{"a":1,\n  "b":[{"c":"x"}],\n  "ms":…}}';
    expect(compareOutput(readme, '{"data":{"a":1,"b":[{"c":"x"}],"ms":4.95}}', ctx, true)).toBeUndefined();
    expect(compareOutput(readme, '{"data":{"a":2,"b":[{"c":"x"}],"ms":4.95}}', ctx, true)).toBeDefined();
    expect(compareOutput('', '', ctx)).toBeUndefined();
    expect(compareOutput('', 'unexpected\n', ctx)).toBeDefined();
  });
});
