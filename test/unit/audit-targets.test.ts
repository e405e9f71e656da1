/** What an audit entry takes from a mutation's arguments: the ID-typed values, never another value. */
import { describe, expect, it } from 'vitest';
import { argumentTargetIds } from '../../src/schema/audit-mutations.js';
import { buildSchema } from '../../src/schema/index.js';

const mutations = buildSchema().getMutationType()!.getFields();
const targetsOf = (field: string, args: Record<string, unknown>) => argumentTargetIds(args, mutations[field]!.args);

describe('audit targets from arguments', () => {
  it('takes ID-typed values at any depth, and nothing else', () => {
    expect(targetsOf('putSecret', { input: { key: 'db-password', value: 'hunter2-secret' } })).toEqual([]);
    expect(
      targetsOf('deployInstance', {
        input: {
          instanceId: 'SW5zdGFuY2U6MQ==',
          idempotencyKey: 'key-1',
          services: [{ name: 'web', image: 'x:1', env: [{ name: 'id', value: 'not-a-target' }] }],
        },
      }),
    ).toEqual(['SW5zdGFuY2U6MQ==']);
    expect(
      targetsOf('rollbackInstance', { input: { instanceId: 'SW5zdGFuY2U6MQ==', releaseId: 'UmVsZWFzZTox' } }),
    ).toEqual(['SW5zdGFuY2U6MQ==', 'UmVsZWFzZTox']);
  });

  it('keeps only what looks like a global id (garbage sent as an id names nothing)', () => {
    expect(targetsOf('startInstance', { input: { instanceId: '\u0000' } })).toEqual([]);
    expect(targetsOf('startInstance', { input: { instanceId: "'; drop table instances; --" } })).toEqual([]);
    expect(targetsOf('startInstance', { input: { instanceId: 'x'.repeat(201) } })).toEqual([]);
  });

  it('never reads inside a JSON argument, whatever its keys are called', () => {
    // A Helm source's values are JSON: an `id` or `tokenId` in them is not an argument of type ID.
    const values = { id: 'c2VjcmV0LXZhbHVl', auth: { tokenId: 'dG9rZW4tc2VjcmV0' } };
    expect(
      targetsOf('provisionInstance', {
        input: { name: 'x', services: [], source: { helm: { chart: 'oci://example.com/app', values } } },
      }),
    ).toEqual([]);
  });
});
