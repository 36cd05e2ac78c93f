// Wakes live SSE connections after a job's event is stored. It carries no data: listeners read
// the store, which stays the one source of order and of what was already sent.
//
// A listener that throws is reported and skipped: one broken connection must neither keep the
// job's other streams asleep nor reach the job runner, whose write it would seem to fail.
import { EventEmitter } from 'node:events';

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {
    // One listener per open stream of a job; many tabs may watch the same job.
    this.emitter.setMaxListeners(0);
  }

  notify(jobId: string): void {
    this.emitter.emit(jobId);
  }

  subscribe(jobId: string, listener: () => void): () => void {
    const guarded = (): void => {
      try {
        listener();
      } catch (error) {
        this.onListenerError(error);
      }
    };
    this.emitter.on(jobId, guarded);
    return () => this.emitter.off(jobId, guarded);
  }
}
