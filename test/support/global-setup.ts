import { openTestDatabase } from './database.js';

/**
 * Once per run: migrate the shared Postgres database (when testing against
 * one) and build the local test images on the Docker Engine (when there is
 * one; files that need Docker decide for themselves whether its absence is a
 * skip or, in CI, a failure).
 */
export default async function setup(): Promise<void> {
  if (process.env.WHEELHOUSE_TEST_DATABASE_URL) {
    const handle = await openTestDatabase();
    await handle.close();
  }
  const images = await import('./docker-images.js').catch(() => undefined);
  if (images && (await images.dockerAvailable())) await images.ensureTestImages();
}
