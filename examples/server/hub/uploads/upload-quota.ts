// Upload quotas: how many files and bytes one visitor, the anonymous visitors of one address, and
// one entry as a whole may upload in a rolling window. Without them an open upload route turns the
// server into free file hosting, and a flood of fresh visitor ids fills its disk; the per-IP rate
// limit alone counts requests, not bytes. Pure: usage in, decision out (and the in-memory count of
// each address's anonymous uploads, with the clock handed in).
import {
  UPLOAD_QUOTA_ADDRESS_BYTES,
  UPLOAD_QUOTA_ADDRESS_FILES,
  UPLOAD_QUOTA_ENTRY_BYTES,
  UPLOAD_QUOTA_ENTRY_FILES,
  UPLOAD_QUOTA_MAX_TRACKED_ADDRESSES,
  UPLOAD_QUOTA_VISITOR_BYTES,
  UPLOAD_QUOTA_VISITOR_FILES,
  UPLOAD_QUOTA_WINDOW_MS,
} from '../../settings/limits';
import type { UploadUsage } from '../../storage/store-uploads';

export interface UploadQuota {
  windowMs: number;
  visitorFiles: number;
  visitorBytes: number;
  entryFiles: number;
  entryBytes: number;
  /** Anonymous visitors of one entry from one address (client-address.ts), together. */
  addressFiles: number;
  addressBytes: number;
}

export const DEFAULT_UPLOAD_QUOTA: Readonly<UploadQuota> = Object.freeze({
  windowMs: UPLOAD_QUOTA_WINDOW_MS,
  visitorFiles: UPLOAD_QUOTA_VISITOR_FILES,
  visitorBytes: UPLOAD_QUOTA_VISITOR_BYTES,
  entryFiles: UPLOAD_QUOTA_ENTRY_FILES,
  entryBytes: UPLOAD_QUOTA_ENTRY_BYTES,
  addressFiles: UPLOAD_QUOTA_ADDRESS_FILES,
  addressBytes: UPLOAD_QUOTA_ADDRESS_BYTES,
});

export type QuotaDecision =
  | { ok: true }
  | { ok: false; scope: 'visitor' | 'address' | 'entry'; sentence: string; retryAfterSeconds: number };

export const NO_UPLOADS: Readonly<UploadUsage> = Object.freeze({ files: 0, bytes: 0, oldest: null });

const size = (bytes: number): string =>
  bytes >= 1024 * 1024 * 1024 ? `${+(bytes / 1024 ** 3).toFixed(1)} GB` : bytes >= 1024 * 1024 ? `${+(bytes / 1024 ** 2).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
const period = (ms: number): string => (ms === 24 * 60 * 60 * 1000 ? 'a day' : ms % 3_600_000 === 0 ? `per ${ms / 3_600_000} hours` : `per ${Math.ceil(ms / 60_000)} minutes`);

/**
 * Whether one more file of `bytes` fits, given what the visitor, the entry and (for an anonymous
 * visitor) the visitor's address uploaded in the window. Before the file's size is known, a
 * `bytes` of 1 asks whether any file could still fit.
 */
export function checkUploadQuota(
  visitor: UploadUsage,
  entry: UploadUsage,
  bytes: number,
  quota: UploadQuota,
  now: number,
  address: UploadUsage = NO_UPLOADS,
): QuotaDecision {
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
  if (address.files + 1 > quota.addressFiles || address.bytes + bytes > quota.addressBytes) {
    return {
      ok: false,
      scope: 'address',
      sentence: `Visitors from your network have reached the upload limit (${quota.addressFiles} files or ${size(quota.addressBytes)} ${period(quota.windowMs)}). Please try again later, or sign in.`,
      retryAfterSeconds: retryAfter(address),
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

/**
 * What anonymous visitors uploaded per entry and address in the window, in memory (an address is
 * not written to the database; a restart starts the count again). Each key keeps the time and
 * size of its uploads still in the window; past `maxTracked` keys, those with none left are
 * forgotten, then the longest-standing.
 */
export class AddressUploads {
  private readonly uploads = new Map<string, { at: number; bytes: number }[]>();

  constructor(
    private readonly windowMs: number,
    private readonly maxTracked = UPLOAD_QUOTA_MAX_TRACKED_ADDRESSES,
  ) {}

  usage(key: string, now: number): UploadUsage {
    const list = this.current(key, now);
    if (list.length === 0) return NO_UPLOADS;
    return { files: list.length, bytes: list.reduce((sum, u) => sum + u.bytes, 0), oldest: list[0]!.at };
  }

  record(key: string, bytes: number, now: number): void {
    const list = this.current(key, now);
    if (list.length === 0 && this.uploads.size >= this.maxTracked) this.forget(now);
    list.push({ at: now, bytes });
    this.uploads.set(key, list);
  }

  private current(key: string, now: number): { at: number; bytes: number }[] {
    const list = this.uploads.get(key) ?? [];
    const since = now - this.windowMs;
    let drop = 0;
    while (drop < list.length && list[drop]!.at <= since) drop++;
    if (drop > 0) list.splice(0, drop);
    if (list.length === 0) this.uploads.delete(key);
    return list;
  }

  private forget(now: number): void {
    for (const key of [...this.uploads.keys()]) this.current(key, now);
    const oldest = this.uploads.keys().next();
    if (this.uploads.size >= this.maxTracked && !oldest.done) this.uploads.delete(oldest.value);
  }
}
