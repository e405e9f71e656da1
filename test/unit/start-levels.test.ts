import { describe, expect, it } from 'vitest';
import { startLevels } from '../../src/providers/docker/docker-spec.js';
import type { ServiceRole } from '../../src/providers/service-spec.js';

const svc = (name: string, role: ServiceRole, dependsOn: string[] = []) => ({ name, role, dependsOn });
const names = (levels: { name: string }[][]) => levels.map((l) => l.map((s) => s.name));

describe('start levels (which services a provision creates together)', () => {
  it('services that depend on nothing are one level; each dependant comes one level after its deepest dependency', () => {
    const levels = startLevels([
      svc('web', 'main'),
      svc('side', 'sidecar'),
      svc('api', 'main', ['db']),
      svc('db', 'main'),
      svc('proxy', 'sidecar', ['api', 'web']),
    ]);
    expect(names(levels)).toEqual([['web', 'side', 'db'], ['api'], ['proxy']]);
  });

  it('inits run one at a time in order, before every long-running service, whatever those depend on', () => {
    const levels = startLevels([
      svc('web', 'main', ['migrate']),
      svc('seed', 'init', ['migrate']),
      svc('migrate', 'init'),
      svc('side', 'sidecar'),
    ]);
    expect(names(levels)).toEqual([['migrate'], ['seed'], ['web', 'side']]);
  });

  it('a cycle is refused as startOrder refuses it', () => {
    expect(() => startLevels([svc('a', 'main', ['b']), svc('b', 'main', ['a'])])).toThrow(/dependency cycle/);
  });
});
