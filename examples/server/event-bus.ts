// Wakes live SSE connections after a job's event is stored. It carries no data: listeners read
// the store, which stays the one source of order and of what was already sent.
import { EventEmitter } from 'node:events';

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream of a job; many tabs may watch the same job.
    this.emitter.setMaxListeners(0);
  }

  notify(jobId: string): void {
    this.emitter.emit(jobId);
  }

  subscribe(jobId: string, listener: () => void): () => void {
    this.emitter.on(jobId, listener);
    return () => this.emitter.off(jobId, listener);
  }
}
