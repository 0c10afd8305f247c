// archive/: the web-archive fallback's lookups (issue 25): asks the archives of `archives.fallback` for the
// latest captures of a broken target (Memento TimeMaps, CDX APIs), bounded in time and bytes, cached, with
// the captures' PWIDs. resolution/ takes it as its `ArchiveFinder`; deps.ts builds it.

export { type CdxCapture, type CdxResult, parseCdx } from './cdx.ts';
export { ArchiveLookup, type ArchiveSettings, type ArchiveSource, archiveSources, type FetchLike } from './finder.ts';
export { type LinkEntry, type Memento, parseHttpDate, parseLinkFormat, parseTimeMap, type TimeMap } from './timemap.ts';
