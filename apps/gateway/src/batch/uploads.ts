import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { type Preview, type RowResult, UPLOAD_FORMATS } from './upload.ts';

/**
 * The uploads between their steps (the preview a person confirms, then the result file), kept as files in
 * `<downloads dir>/uploads/`: `<id>.json` (who uploaded, the file's name and the checked rows) and
 * `<id>.result.csv` once applied. The id holds 128 random bits; only its uploader may open it. They are
 * removed after `downloads.retention` seconds, with the download files.
 */

const ID = /^[0-9a-f]{32}$/;

const RowErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
const StoredUpload = z.object({
  username: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  preview: z.object({
    format: z.enum(UPLOAD_FORMATS),
    errors: z.array(RowErrorSchema),
    rows: z.array(
      z.object({
        row: z.number(),
        identifier: z.string(),
        elements: z.array(z.tuple([z.string(), z.string()])),
        errors: z.array(RowErrorSchema),
        key: z.string().nullable(),
        action: z.enum(['create', 'update']).nullable(),
      }),
    ),
  }),
  summary: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), failed: z.number() }).nullable(),
});
export type StoredUpload = z.infer<typeof StoredUpload>;

const dirOf = (root: string) => join(root, 'uploads');

export async function saveUpload(root: string, username: string, fileName: string, preview: Preview): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await mkdir(dirOf(root), { recursive: true });
  const stored: StoredUpload = {
    username,
    fileName: fileName.slice(0, 200),
    createdAt: new Date().toISOString(),
    preview: preview as StoredUpload['preview'],
    summary: null,
  };
  await writeFile(join(dirOf(root), `${id}.json`), JSON.stringify(stored));
  return id;
}

/** The upload `id` of `username`; null when there is none (or it is another user's, or it expired). */
export async function loadUpload(root: string, id: string, username: string): Promise<StoredUpload | null> {
  if (!ID.test(id)) return null;
  try {
    const parsed = StoredUpload.safeParse(JSON.parse(await readFile(join(dirOf(root), `${id}.json`), 'utf8')));
    return parsed.success && parsed.data.username === username ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Record the outcome of applying upload `id`, and its result file. */
export async function saveResult(
  root: string,
  id: string,
  stored: StoredUpload,
  results: readonly RowResult[],
  csv: string,
): Promise<StoredUpload> {
  const count = (a: RowResult['action']) => results.filter((r) => r.action === a).length;
  const summary = {
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    failed: count('failed'),
  };
  const next = { ...stored, summary };
  await writeFile(join(dirOf(root), `${id}.result.csv`), csv);
  await writeFile(join(dirOf(root), `${id}.json`), JSON.stringify(next));
  return next;
}

export const resultPath = (root: string, id: string): string => join(dirOf(root), `${id}.result.csv`);

/** Remove uploads older than `retentionSeconds`. */
export async function sweepUploads(root: string, retentionSeconds: number, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dirOf(root));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dirOf(root), name);
    const s = await stat(path).catch(() => null);
    if (s && now - s.mtimeMs > retentionSeconds * 1000) await rm(path, { force: true }).catch(() => undefined);
  }
}
