// links/: the link checker (issue 25): checks the targets of public identifiers over HTTP, politely and
// bounded (probe.ts, hosts.ts), marks a target broken only after failing across a window (window.ts), keeps
// its state and history in the store (`store.links`), and writes the report (`pidgate links report`).
export { type CheckerOptions, LinkChecker, type LinkSettings, type PassReport, userAgentOf } from './checker.ts';
export { BlockedAddress, blockedLiteral, guardedLookup, specialRange } from './guard.ts';
export { HostGate } from './hosts.ts';
export { type ProbeOptions, type ProbeResult, probe, retryAfterMs } from './probe.ts';
export { formatReport, REPORT_COLUMNS, REPORT_FORMATS, type ReportFormat, reportEntry } from './report.ts';
export { looksNotFound } from './sniff.ts';
export {
  backoffMs,
  DELIVERY_HEADER,
  type DelivererOptions,
  type DeliveryRound,
  deliveryBody,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signatureOf,
  TIMESTAMP_HEADER,
  WebhookDeliverer,
} from './webhooks.ts';
export { isFailure, nextState, retryInterval, type WindowRule } from './window.ts';
