// Upload quotas: how many files and bytes one visitor, and one entry as a whole, may upload in a
// rolling window. Without them an open upload route turns the server into free file hosting,
// and a flood of fresh visitor ids fills its disk; the per-IP rate limit alone counts requests,
// not bytes. Pure: usage in, decision out.
import {
  UPLOAD_QUOTA_ENTRY_BYTES,
  UPLOAD_QUOTA_ENTRY_FILES,
  UPLOAD_QUOTA_VISITOR_BYTES,
  UPLOAD_QUOTA_VISITOR_FILES,
  UPLOAD_QUOTA_WINDOW_MS,
} from './limits';
import type { UploadUsage } from './store';

export interface UploadQuota {
  windowMs: number;
  visitorFiles: number;
  visitorBytes: number;
  entryFiles: number;
  entryBytes: number;
}

export const DEFAULT_UPLOAD_QUOTA: Readonly<UploadQuota> = Object.freeze({
  windowMs: UPLOAD_QUOTA_WINDOW_MS,
  visitorFiles: UPLOAD_QUOTA_VISITOR_FILES,
  visitorBytes: UPLOAD_QUOTA_VISITOR_BYTES,
  entryFiles: UPLOAD_QUOTA_ENTRY_FILES,
  entryBytes: UPLOAD_QUOTA_ENTRY_BYTES,
});

export type QuotaDecision =
  | { ok: true }
  | { ok: false; scope: 'visitor' | 'entry'; sentence: string; retryAfterSeconds: number };

const size = (bytes: number): string =>
  bytes >= 1024 * 1024 * 1024 ? `${+(bytes / 1024 ** 3).toFixed(1)} GB` : bytes >= 1024 * 1024 ? `${+(bytes / 1024 ** 2).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
const period = (ms: number): string => (ms === 24 * 60 * 60 * 1000 ? 'a day' : ms % 3_600_000 === 0 ? `per ${ms / 3_600_000} hours` : `per ${Math.ceil(ms / 60_000)} minutes`);

/** Whether one more file of `bytes` fits, given what the visitor and the entry uploaded in the window. */
export function checkUploadQuota(visitor: UploadUsage, entry: UploadUsage, bytes: number, quota: UploadQuota, now: number): QuotaDecision {
  // When the oldest counted upload leaves the window, room opens again.
  const retryAfter = (usage: UploadUsage): number =>
    Math.max(1, Math.ceil(((usage.oldest ?? now) + quota.windowMs - now) / 1000));
  if (visitor.files + 1 > quota.visitorFiles || visitor.bytes + bytes > quota.visitorBytes) {
    return {
      ok: false,
      scope: 'visitor',
      sentence: `You have reached the upload limit (${quota.visitorFiles} files or ${size(quota.visitorBytes)} ${period(quota.windowMs)}). Please try again later.`,
      retryAfterSeconds: retryAfter(visitor),
    };
  }
  if (entry.files + 1 > quota.entryFiles || entry.bytes + bytes > quota.entryBytes) {
    return {
      ok: false,
      scope: 'entry',
      sentence: 'This chat cannot take more files right now. Please try again later.',
      retryAfterSeconds: retryAfter(entry),
    };
  }
  return { ok: true };
}
