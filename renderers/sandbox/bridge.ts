// The frame side of the sandbox bridge (DESIGN.md §8.3): the first script of every view, before
// the model's CSS, markup and code. It waits for the one MessagePort the host hands it, and from
// then on talks only over that port; it gives the view `agent.send(payload)`, and reports the
// content's height, uncaught errors and the document going away (a navigation). It also holds
// `__sbxCall(name, args)`, the one way to the host's capability packs: the packs' script, placed
// right after this one (packs/frame-script.ts), takes it and defines the view's functions with it.
//
// `sandboxBridge` is shipped as its own source text (`bridgeScript`), so it must not use anything
// from outside its body. Nothing here is a security boundary: the view's code runs in the same
// document and may post on the port directly. Every limit is enforced by the host (host.ts).

/** Messages the frame posts to the host, and the host posts to the frame, by `type`. */
export type FrameMessage =
  | { type: 'ready' }
  | { type: 'resize'; height: number }
  | { type: 'send'; id: number; payload: unknown }
  /** A capability pack's function `name` (`documentSearch`, `stores.read`, …) called with the list `payload`. */
  | { type: 'call'; id: number; name: string; payload: unknown }
  | { type: 'error'; message: string }
  | { type: 'pong' }
  | { type: 'leave' };
export type HostMessage =
  | { type: 'ping' }
  | { type: 'theme'; css: string }
  | { type: 'result'; id: number; ok: boolean; reason?: string; value?: unknown };

/** Messages queued before the port arrives (errors and sizes of the first run); the rest are dropped. */
const QUEUE_LIMIT = 32;

export function sandboxBridge(token: string, queueLimit: number): void {
  const w = window;
  const root = document.documentElement;
  let port: MessagePort | null = null;
  const queue: unknown[] = [];
  const post = (message: unknown) => (port ? port.postMessage(message) : queue.length < queueLimit && queue.push(message));
  const pending = new Map<number, [(value: unknown) => void, (error: Error) => void]>();
  let ids = 0;
  /** Posts `message` with its `payload` as JSON data (`bad` when it is not), and settles with the host's `result`. */
  const ask = (message: { type: string; name?: string; payload: unknown }, bad: string) =>
    new Promise((resolve, reject) => {
      try {
        message.payload = JSON.parse(JSON.stringify(message.payload));
      } catch {
        return reject(new TypeError(bad));
      }
      pending.set(++ids, [resolve, reject]);
      post({ ...message, id: ids });
    });
  const agent = Object.freeze({
    /** Sends `payload` (JSON data with a `text` the visitor sees) as the visitor's next message. */
    send: (payload: unknown): Promise<void> => ask({ type: 'send', payload }, 'agent.send: the payload must be JSON data') as Promise<void>,
  });
  Object.defineProperty(w, '__sbxCall', { value: (name: string, args: unknown[]) => ask({ type: 'call', name, payload: args }, name + ': the arguments must be JSON data'), configurable: true });
  Object.defineProperty(w, 'agent', { value: agent, enumerable: true });
  // Capturing, and registered before any code of the view: the handshake is not seen by the view.
  w.addEventListener(
    'message',
    (event) => {
      if (port || event.source !== w.parent || event.data !== token || !event.ports[0]) return;
      event.stopImmediatePropagation();
      port = event.ports[0];
      port.onmessage = ({ data }) => {
        if (data.type == 'ping') post({ type: 'pong' });
        else if (data.type == 'theme') {
          const style = document.querySelector('style[data-sandbox="theme"]');
          if (style) style.textContent = data.css;
        } else if (data.type == 'result') {
          const settle = pending.get(data.id);
          pending.delete(data.id);
          if (settle) data.ok ? settle[0](data.value) : settle[1](new Error(data.reason));
        }
      };
      post({ type: 'ready' });
      for (const message of queue.splice(0)) post(message);
      report();
    },
    true,
  );
  let last = -1;
  const report = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height != last) post({ type: 'resize', height: (last = height) });
  };
  new ResizeObserver(report).observe(root);
  // Reported to the host, which warns in the page's console; the frame's own report is suppressed.
  w.addEventListener('error', (event) => {
    event.preventDefault();
    post({ type: 'error', message: String(event.message || 'error') });
  });
  w.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    const reason = event.reason;
    post({ type: 'error', message: 'unhandled rejection: ' + String(reason && reason.message ? reason.message : reason) });
  });
  // A navigation away (location, a meta refresh): the host removes the frame at once.
  const leave = () => post({ type: 'leave' });
  w.addEventListener('beforeunload', leave);
  w.addEventListener('pagehide', leave);
}

/** The bridge as the text of a classic script, bound to this frame's `token`. */
export const bridgeScript = (token: string): string => `(${sandboxBridge})(${JSON.stringify(token)},${QUEUE_LIMIT})`;
