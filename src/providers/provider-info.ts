import type { Location, ProviderInfo } from './provider.js';

/** A provider's info(): its name, the backend version as last seen (`unknown` before), region and location. */
export function providerInfo(
  name: string,
  version: string | undefined,
  region: string,
  location: Location | undefined,
): ProviderInfo {
  const info: ProviderInfo = { name, version: version ?? 'unknown', region };
  if (location) info.location = { ...location };
  return info;
}
