import { resolve } from 'node:path';
import type { AppDeps } from '../deps.ts';
import { dataDirectory } from '../store/index.ts';
import { mailNotifier } from './notify.ts';
import { type DownloadService, downloadServiceFor } from './service.ts';

/**
 * The deployment's download service (one per store), started the first time it is asked for: the
 * directory is `downloads.dir`, else `downloads/` in the data directory; files are kept
 * `downloads.retention` seconds; a request's `notify` addresses are mailed through `mail.*` when it is set
 * (failures go to the event log). null without a store.
 */
export function downloadService(
  deps: Pick<AppDeps, 'config' | 'store'> & { readonly logger?: Pick<AppDeps['logger'], 'event'> },
): DownloadService | null {
  if (!deps.store) return null;
  const { config, logger } = deps;
  const dir = config.downloads.dir ?? resolve(dataDirectory(config), 'downloads');
  const notifier = mailNotifier(config.mail, (event, fields) => logger?.event(event, fields));
  const service = downloadServiceFor({
    store: deps.store,
    dir,
    retentionSeconds: config.downloads.retention,
    notifier,
  });
  service.start();
  return service;
}
