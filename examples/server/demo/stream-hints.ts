// Per-job stream behaviour for the failure-injection demos, kept in memory: a drop happens only
// on a job's first connection, so the reconnect that follows can finish the answer.
import type { StreamHints } from '../agents/demo-agent';
import { MAX_STREAM_HINTS } from '../settings/limits';

export interface ConnectionHints {
  windowMs?: number;
  dropAfterDeltas?: number;
}

export class StreamHintsRegistry {
  private readonly hints = new Map<string, StreamHints>();

  set(jobId: string, hints: StreamHints): void {
    if (hints.windowMs === undefined && hints.dropAfterDeltas === undefined) return;
    if (this.hints.size >= MAX_STREAM_HINTS) this.hints.delete(this.hints.keys().next().value!);
    this.hints.set(jobId, { ...hints });
  }

  /** The hints for a new connection; claims the one-time drop. */
  forConnection(jobId: string): ConnectionHints {
    const hints = this.hints.get(jobId);
    if (!hints) return {};
    const result: ConnectionHints = {};
    if (hints.windowMs !== undefined) result.windowMs = hints.windowMs;
    if (hints.dropAfterDeltas !== undefined) {
      result.dropAfterDeltas = hints.dropAfterDeltas;
      delete hints.dropAfterDeltas;
    }
    return result;
  }
}
