// What an agent learns of the files a visitor's message links to: each attachment read from the
// text (attachments.ts) and, for this visitor's own uploads to this server, the stored size and
// type. Another visitor's upload is described by its link only: an upload id is not a licence to
// learn about someone else's file.
import type { MessageAttachment } from '../agents/agent';
import { extractAttachments } from './attachments';
import type { Store } from '../storage/store';

const UPLOAD_PATH = /^\/uploads\/(u_[A-Za-z0-9_-]{24})$/;

function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || url;
  } catch {
    return url;
  }
}

export function messageFiles(store: Store, entry: string, visitorId: string, text: string): MessageAttachment[] {
  return extractAttachments(text).map((attachment) => {
    const name = attachment.type === 'image' ? (attachment.caption ?? fileName(attachment.url)) : attachment.name;
    const file: MessageAttachment = { type: attachment.type, url: attachment.url, name };
    const id = UPLOAD_PATH.exec(new URL(attachment.url).pathname)?.[1];
    const upload = id ? store.uploadInfo(id) : undefined;
    if (upload && upload.entry === entry && upload.visitorId === visitorId) {
      file.bytes = upload.size;
      file.mime = upload.mime;
    }
    return file;
  });
}
