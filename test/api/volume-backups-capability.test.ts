/**
 * A provider without the VOLUME_BACKUP capability (issue 36): backupVolume on
 * one of its instances is a CapabilityNotSupportedError naming it, and no
 * operation is queued.
 */
import { describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { gql, startTestApp } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

describe('volume backups on a provider without VOLUME_BACKUP', () => {
  it('backupVolume is CapabilityNotSupportedError', async () => {
    const registry = new Registry();
    registry.register(
      'bare',
      new FakeProvider({ capabilities: ['provision', 'deploy', 'strategy:rolling', 'volumes'] }),
    );
    const t = await startTestApp({ registry });
    try {
      const tenant = await t.newTenant();
      const p = await gql(
        t,
        tenant.token,
        `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) {
          __typename ... on ProvisionInstancePayload { instance { id } } ... on Error { message } } }`,
        {
          input: {
            name: 'nobackup',
            services: [{ name: 'db', image: 'team/db:1', volumes: [{ name: 'data', mountPath: '/data' }] }],
          },
        },
      );
      expect(p.provisionInstance.__typename, JSON.stringify(p)).toBe('ProvisionInstancePayload');
      const instanceId = p.provisionInstance.instance.id;
      const r = await gql(
        t,
        tenant.token,
        `mutation($input: BackupVolumeInput!) { backupVolume(input: $input) { __typename ... on Error { message } } }`,
        { input: { instanceId, volume: 'data' } },
      );
      expect(r.backupVolume.__typename).toBe('CapabilityNotSupportedError');
      expect(r.backupVolume.message).toMatch(/volume-backup/);
      const ops = await gql(
        t,
        tenant.token,
        'query($id: ID!) { instance(id: $id) { volumeBackups(first: 5) { edges { node { id } } } } }',
        {
          id: instanceId,
        },
      );
      expect(ops.instance.volumeBackups.edges).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});
