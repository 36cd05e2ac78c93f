// Counts open SSE streams against three caps: the whole server, one client address and one
// visitor. Pure: no timers, no sockets; the events route takes a slot and the stream gives it
// back when its connection ends. Uploads being received and open connections are counted with it
// too, without a visitor (none is known before a body or a request has been read).

export interface StreamCaps {
  max: number;
  perIp: number;
  perVisitor: number;
}

/** Which cap refused: the most specific full one (the visitor can act on it, the server cannot). */
export type SlotScope = 'visitor' | 'ip' | 'server';

export type SlotDecision = { ok: true; release: () => void } | { ok: false; scope: SlotScope };

export class StreamSlots {
  private open = 0;
  private readonly byIp = new Map<string, number>();
  private readonly byVisitor = new Map<string, number>();

  constructor(private readonly caps: StreamCaps) {}

  /** Streams open now, in all and for one address or visitor. */
  count(of?: { ip?: string; visitor?: string }): number {
    if (of?.ip !== undefined) return this.byIp.get(of.ip) ?? 0;
    if (of?.visitor !== undefined) return this.byVisitor.get(of.visitor) ?? 0;
    return this.open;
  }

  acquire(ip: string, visitor?: string): SlotDecision {
    if (visitor !== undefined && (this.byVisitor.get(visitor) ?? 0) >= this.caps.perVisitor) return { ok: false, scope: 'visitor' };
    if ((this.byIp.get(ip) ?? 0) >= this.caps.perIp) return { ok: false, scope: 'ip' };
    if (this.open >= this.caps.max) return { ok: false, scope: 'server' };
    this.open++;
    increment(this.byIp, ip);
    if (visitor !== undefined) increment(this.byVisitor, visitor);
    let released = false;
    return {
      ok: true,
      // Idempotent: a stream may end by several paths (its end, a close, a shutdown).
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        decrement(this.byIp, ip);
        if (visitor !== undefined) decrement(this.byVisitor, visitor);
      },
    };
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Keys with no open stream are dropped, so the maps hold only clients that have one. */
function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
