import { resolve } from 'node:path';
import type { AppDeps } from '../deps.ts';
import { dataDirectory } from '../store/index.ts';
import { type DownloadService, downloadServiceFor } from './service.ts';

/**
 * The deployment's download service (one per store), started the first time it is asked for: the
 * directory is `downloads.dir`, else `downloads/` in the data directory; files are kept
 * `downloads.retention` seconds. null without a store.
 */
export function downloadService(deps: Pick<AppDeps, 'config' | 'store'>): DownloadService | null {
  if (!deps.store) return null;
  const { config } = deps;
  const dir = config.downloads.dir ?? resolve(dataDirectory(config), 'downloads');
  const service = downloadServiceFor({ store: deps.store, dir, retentionSeconds: config.downloads.retention });
  service.start();
  return service;
}
