import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/providers/provider-errors.js';
import { isWorkloadMissing } from '../../src/worker/missing-workload.js';
import { FakeProvider } from '../support/fake-provider.js';
import { provisionRequest, serviceSpec } from '../support/service-spec.js';

describe('a missing workload, told from a missing part of one', () => {
  const notFound = new ProviderError('not_found', 'instance i-1 has no containers', 'fake');

  it('is missing when the call was not_found and the status read is not_found too', async () => {
    const provider = new FakeProvider();
    expect(await isWorkloadMissing(provider, {}, 'never-provisioned', notFound)).toBe(true);
  });

  it('is not missing when the status reads: a missing service stays the error it is', async () => {
    const provider = new FakeProvider();
    await provider.provision({}, provisionRequest('i-1', 'shop', [serviceSpec({ name: 'web', image: 'web:1' })]));
    const noService = new ProviderError('not_found', 'instance i-1 has no service worker', 'fake');
    expect(await isWorkloadMissing(provider, {}, 'i-1', noService)).toBe(false);
  });

  it('is not missing on any other failure, nor when the status read fails otherwise', async () => {
    const provider = new FakeProvider();
    expect(await isWorkloadMissing(provider, {}, 'i-2', new ProviderError('image_not_found', 'no image', 'fake'))).toBe(
      false,
    );
    expect(await isWorkloadMissing(provider, {}, 'i-2', new Error('socket hang up'))).toBe(false);
    // An engine that went away while we looked is no proof the workload is gone.
    provider.failNext('status', 'unavailable', 'engine away');
    expect(await isWorkloadMissing(provider, {}, 'i-2', notFound)).toBe(false);
  });
});
