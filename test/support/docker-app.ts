import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { startTestApp, type TestApp } from './app.js';
import { dockerAvailable, ensureTestImages, FAST_DOCKER_OPTIONS } from './docker-images.js';
import { skipUnless } from './env.js';

/** Whether this file's Docker tests run (a missing engine fails in CI, skips elsewhere). */
export async function dockerOrSkip(): Promise<boolean> {
  return !skipUnless('Docker', await dockerAvailable());
}

/** A registry holding one Docker provider (key `docker`) tuned for tests. */
export function dockerRegistry(): Registry {
  const registry = new Registry();
  registry.register('docker', new DockerProvider({ ...FAST_DOCKER_OPTIONS, key: 'docker' }));
  return registry;
}

/** The app over the real engine, images built. */
export async function startDockerApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> {
  await ensureTestImages();
  return startTestApp({ registry: dockerRegistry(), ...options });
}
