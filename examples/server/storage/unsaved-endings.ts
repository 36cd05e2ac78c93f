// Endings of jobs the database refused to store (disk full, locked, failing). Each is held in
// memory, served to the job's streams as if stored, and written as soon as the database takes
// writes again, so clients stop waiting at once and the thread's history ends up right.
import { MAX_UNSAVED_ENDINGS } from '../settings/limits';
import type { StoredEvent } from './store-events';

export interface UnsavedEnding {
  /** The terminal event as a stream sends it (`seq` is one past the job's last stored event). */
  event: StoredEvent;
  /** The job's final state, written with the event. */
  finish: { status: 'done' | 'failed'; reply: string; error: string | null; at: number };
}

export class UnsavedEndings {
  private readonly held = new Map<string, UnsavedEnding>();

  constructor(private readonly max = MAX_UNSAVED_ENDINGS) {}

  get size(): number {
    return this.held.size;
  }

  /**
   * Holds a job's ending. Past `max` the oldest is forgotten: its streams end at their window
   * and the next start fails the job as interrupted (a bound for a database that never recovers).
   */
  hold(jobId: string, ending: UnsavedEnding): void {
    this.held.delete(jobId);
    if (this.held.size >= this.max) this.held.delete(this.held.keys().next().value!);
    this.held.set(jobId, ending);
  }

  get(jobId: string): UnsavedEnding | undefined {
    return this.held.get(jobId);
  }

  /**
   * Writes held endings, oldest first, until one fails: the database is still refusing, and each
   * attempt may wait its busy timeout. Returns how many were written.
   */
  flush(write: (jobId: string, ending: UnsavedEnding) => void): number {
    let written = 0;
    for (const [jobId, ending] of this.held) {
      try {
        write(jobId, ending);
      } catch {
        break;
      }
      this.held.delete(jobId);
      written++;
    }
    return written;
  }
}
