// batch/: batch download (EZID's `/download_request` and download formats; the console's Download page
// uses the same engine) and bulk upload (CSV or EZID ANVL files, previewed, then applied row by row).
export { downloadRoutes } from './ezid-routes.ts';
export { matches, TEST_SHOULDERS } from './filters.ts';
export { downloadElements, formatWriter } from './formats.ts';
export { type DownloadRule, mayDownload, principalFor, type Requester, requesterOf } from './ownership.ts';
export {
  COMPRESSIONS,
  DownloadRequest,
  FORMATS,
  MAPPED_COLUMNS,
  parseDownloadRequest,
  STATUSES,
  TYPES,
} from './request.ts';
export { type DownloadService, JobParams } from './service.ts';
export { downloadService } from './setup.ts';
export {
  applyUpload,
  detectFormat,
  MAX_UPLOAD_ROWS,
  type Preview,
  previewUpload,
  type RowError,
  type RowResult,
  readUpload,
  resultCsv,
  UPLOAD_FORMATS,
  type UploadContext,
  type UploadFormat,
} from './upload.ts';
export { loadUpload, resultPath, type StoredUpload, saveResult, saveUpload } from './uploads.ts';
