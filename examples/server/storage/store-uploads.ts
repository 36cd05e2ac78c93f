// The store's uploads: a visitor's files, bytes and all, read back whole to serve them, or
// without their bytes to describe them, and counted per visitor and per entry for the quotas
// (../hub/uploads/upload-quota.ts).
import type Database from 'better-sqlite3';

export interface UploadRecord {
  id: string;
  entry: string;
  visitorId: string;
  filename: string;
  mime: string;
  data: Buffer;
  createdAt: number;
}

/** What one visitor or one entry uploaded in a window. */
export interface UploadUsage {
  files: number;
  bytes: number;
  /** `created_at` of the oldest upload counted, or null when there is none. */
  oldest: number | null;
}

export class UploadTable {
  private readonly stmt;

  constructor(db: Database.Database) {
    this.stmt = {
      insertUpload: db.prepare(
        `INSERT INTO uploads (id, entry, visitor_id, filename, mime, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      getUpload: db.prepare(`SELECT * FROM uploads WHERE id = ?`),
      uploadInfo: db.prepare(`SELECT id, entry, visitor_id, filename, mime, length(data) AS size, created_at FROM uploads WHERE id = ?`),
      visitorUploadUsage: db.prepare(
        `SELECT COUNT(*) AS files, COALESCE(SUM(length(data)), 0) AS bytes, MIN(created_at) AS oldest
         FROM uploads WHERE entry = ? AND visitor_id = ? AND created_at > ?`,
      ),
      entryUploadUsage: db.prepare(
        `SELECT COUNT(*) AS files, COALESCE(SUM(length(data)), 0) AS bytes, MIN(created_at) AS oldest
         FROM uploads WHERE entry = ? AND created_at > ?`,
      ),
    };
  }

  addUpload(upload: UploadRecord): void {
    this.stmt.insertUpload.run(
      upload.id,
      upload.entry,
      upload.visitorId,
      upload.filename,
      upload.mime,
      upload.data,
      upload.createdAt,
    );
  }

  getUpload(id: string): UploadRecord | undefined {
    const row = this.stmt.getUpload.get(id) as
      | { id: string; entry: string; visitor_id: string; filename: string; mime: string; data: Buffer; created_at: number }
      | undefined;
    if (!row) return undefined;
    return {
      id: row.id,
      entry: row.entry,
      visitorId: row.visitor_id,
      filename: row.filename,
      mime: row.mime,
      data: row.data,
      createdAt: row.created_at,
    };
  }

  /** An upload's owner, name, type and size, without reading its bytes. */
  uploadInfo(id: string): Omit<UploadRecord, 'data'> & { size: number } | undefined {
    const row = this.stmt.uploadInfo.get(id) as
      | { id: string; entry: string; visitor_id: string; filename: string; mime: string; size: number; created_at: number }
      | undefined;
    if (!row) return undefined;
    return { id: row.id, entry: row.entry, visitorId: row.visitor_id, filename: row.filename, mime: row.mime, size: row.size, createdAt: row.created_at };
  }

  /** Uploads created after `since`: of one visitor of an entry, or (visitorId null) of the whole entry. */
  uploadUsage(entry: string, visitorId: string | null, since: number): UploadUsage {
    const row = (visitorId === null ? this.stmt.entryUploadUsage.get(entry, since) : this.stmt.visitorUploadUsage.get(entry, visitorId, since)) as UploadUsage;
    return { files: row.files, bytes: row.bytes, oldest: row.oldest };
  }
}
