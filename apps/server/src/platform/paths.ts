import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server directory, whether this code runs from source (src/platform) or from the
 * bundle (dist/main.js).
 */
export function serverRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return here.endsWith(join('src', 'platform')) ? resolve(here, '..', '..') : resolve(here, '..');
}

export function migrationsFolder(): string {
  return join(serverRoot(), 'migrations');
}

export function defaultWebDist(): string {
  return resolve(serverRoot(), '..', 'web', 'dist');
}

export function defaultAdminDist(): string {
  return resolve(serverRoot(), '..', 'admin', 'dist');
}
