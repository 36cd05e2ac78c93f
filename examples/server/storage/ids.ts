// Random identifiers. base64url of n bytes gives exactly 4n/3 URL-safe characters.
import { randomBytes } from 'node:crypto';

function randomUrlSafe(chars: number): string {
  return randomBytes(Math.ceil((chars * 3) / 4)).toString('base64url').slice(0, chars);
}

/** `v_` + 24 characters: an anonymous visitor the server introduces. */
export const newVisitorId = (): string => `v_${randomUrlSafe(24)}`;
/** `j_` + 20 characters. */
export const newJobId = (): string => `j_${randomUrlSafe(20)}`;
/** `u_` + 24 characters: unguessable, since an upload URL is its only access control. */
export const newUploadId = (): string => `u_${randomUrlSafe(24)}`;
/** AG-UI message, tool call, interrupt, activity and reasoning ids: `msg_` + 20 characters, and so on. */
export const newAguiId = (kind: string): string => `${kind}_${randomUrlSafe(20)}`;
