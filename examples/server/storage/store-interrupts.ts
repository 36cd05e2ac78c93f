// The store's AG-UI interrupts (../ag-ui/agui-interrupts.ts): what a run stopped to ask, per
// thread of a visitor, and the answer that resumed it. Answers are recorded all or none, so of two
// resumes racing for the same interrupts only one acts.
import type Database from 'better-sqlite3';

/** The AG-UI thread an interrupt belongs to. */
export interface InterruptScope {
  entry: string;
  /** Empty for a client that named no visitor. */
  visitorId: string;
  threadId: string;
}

/** An interrupt a run raised (agui-interrupts.ts), as stored. */
export interface InterruptRecord {
  id: string;
  /** The Interrupt object as it was sent in RUN_FINISHED. */
  interrupt: Record<string, unknown>;
  /** What the agent does once it is answered: the agent's own, never sent. */
  action: Record<string, unknown>;
  /** Milliseconds since the epoch, or null for none. */
  expiresAt: number | null;
  /** The canonical JSON of the resume entry that answered it; null while open. */
  answer: string | null;
  createdAt: number;
}

/** An interrupt that was answered by another request between reading and answering it. */
class AnswerRace extends Error {}

export class InterruptTable {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      insertInterrupt: db.prepare(
        `INSERT INTO agui_interrupts (entry, visitor_id, thread_id, interrupt_id, interrupt, action, expires_at, answer, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
      ),
      threadInterrupts: db.prepare(
        `SELECT interrupt_id, interrupt, action, expires_at, answer, created_at FROM agui_interrupts
         WHERE entry = ? AND visitor_id = ? AND thread_id = ? ORDER BY created_at, rowid`,
      ),
      answerInterrupt: db.prepare(
        `UPDATE agui_interrupts SET answer = ? WHERE entry = ? AND visitor_id = ? AND thread_id = ? AND interrupt_id = ? AND answer IS NULL`,
      ),
    };
  }

  /** Records the interrupts a run ended with (ids are unique: a clash throws and records none). */
  saveInterrupts(scope: InterruptScope, interrupts: readonly Omit<InterruptRecord, 'answer'>[]): void {
    this.db.transaction(() => {
      for (const item of interrupts) {
        this.stmt.insertInterrupt.run(
          scope.entry,
          scope.visitorId,
          scope.threadId,
          item.id,
          JSON.stringify(item.interrupt),
          JSON.stringify(item.action),
          item.expiresAt,
          item.createdAt,
        );
      }
    })();
  }

  /** Every interrupt of the thread, open or answered, oldest first. */
  threadInterrupts(scope: InterruptScope): InterruptRecord[] {
    const rows = this.stmt.threadInterrupts.all(scope.entry, scope.visitorId, scope.threadId) as {
      interrupt_id: string;
      interrupt: string;
      action: string;
      expires_at: number | null;
      answer: string | null;
      created_at: number;
    }[];
    return rows.map((row) => ({
      id: row.interrupt_id,
      interrupt: JSON.parse(row.interrupt) as Record<string, unknown>,
      action: JSON.parse(row.action) as Record<string, unknown>,
      expiresAt: row.expires_at,
      answer: row.answer,
      createdAt: row.created_at,
    }));
  }

  /**
   * Records the answers of open interrupts, all or none: false when one of them was answered in
   * the meantime (two resumes racing), so only one of them acts.
   */
  answerInterrupts(scope: InterruptScope, answers: readonly { id: string; answer: string }[]): boolean {
    try {
      this.db.transaction(() => {
        for (const { id, answer } of answers) {
          const { changes } = this.stmt.answerInterrupt.run(answer, scope.entry, scope.visitorId, scope.threadId, id);
          // Throwing rolls back the answers recorded so far.
          if (changes !== 1) throw new AnswerRace();
        }
      })();
      return true;
    } catch (error) {
      if (error instanceof AnswerRace) return false;
      throw error;
    }
  }
}
