// The host page of the benchmark: an article with the chat in a fixed 400 × 640 box at the
// bottom right, the same for every widget (the hub's own widget places its panel itself: 400 × 640
// from the entry's config, 24 px from the right, above its launcher). A small probe
// (`window.__bench`) records long tasks, the ready time and the time of the last DOM change in the
// widget, and counts what the last answer rendered. All three widgets keep their UI in an open
// shadow root; the probe looks inside.

/** Ours, Deep Chat, and BailingHub's own widget (web/widget/widget.js, bench/hub-widget.ts). */
export type WidgetName = 'ours' | 'deep-chat' | 'hub';
export const WIDGET_NAMES: readonly WidgetName[] = ['ours', 'deep-chat', 'hub'];
/** The two widgets ours is measured against. */
export type PeerName = Exclude<WidgetName, 'ours'>;
export const PEER_LABELS: Record<PeerName, string> = { 'deep-chat': 'Deep Chat', hub: 'hub widget' };
/** Which build of ours the page loads: dist/widget.js (everything inside) or dist/split/widget.js (modules beside it). */
export type OurBuild = 'self-contained' | 'split';

export interface PageOptions {
  widget: WidgetName;
  /** Base URL of the reference server (our widget.js and the chat API). */
  hubUrl: string;
  /** Inline in the box (both widgets); false = our floating launcher (history restore). */
  inline: boolean;
  /** Ours only; default self-contained. */
  build?: OurBuild;
  /** Ours only: over AG-UI, to the reference server's AG-UI endpoint for the same entry. */
  agui?: boolean;
  /** Base URL of the reference server that serves the hub's widget.js (the same API), if any. */
  hubWidgetUrl?: string;
}

/** The chat box, the same for both widgets. */
export const CHAT_BOX = { width: 400, height: 640 };

const ARTICLE = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the host article. The page around a chat widget is ordinary content: text, ` +
    `images and links that must stay responsive while an answer streams in next to them.</p>`,
).join('\n');

/** Runs in the page before any widget script. Plain ES2020, no build step. */
const PROBE = String.raw`
(() => {
  const widget = document.documentElement.dataset.widget;
  const bench = {
    widget,
    longTasks: [],
    readyAt: 0,
    /** When the answer's first text was in the DOM (after sendAt), 0 until then. */
    firstTextAt: 0,
    lastMutation: 0,
    mutations: 0,
    doneAt: 0,
    host() {
      if (widget === 'ours') return document.querySelector('bailing-chat-widget');
      if (widget === 'deep-chat') return document.querySelector('deep-chat');
      // The hub widget's host is an unnamed <div> appended to <body>, with an open shadow root.
      return [...document.body.children].find((el) => el.shadowRoot && el.shadowRoot.querySelector('.panel')) || null;
    },
    root() {
      const host = bench.host();
      return host && host.shadowRoot;
    },
    isReady() {
      const root = bench.root();
      if (!root) return false;
      if (widget === 'ours') return !!root.querySelector('.bc-input') && !!(window.BailingChat && window.BailingChat.send);
      // The hub widget shows itself once GET /config has answered (visibility), opened by data-open="1".
      if (widget === 'hub') return bench.host().style.visibility === 'visible' && !!root.querySelector('.panel.open textarea') && !!root.querySelector('.panel.open .send');
      return !!root.querySelector('#text-input') && typeof document.querySelector('deep-chat').submitUserMessage === 'function';
    },
    /** The element holding the last answer. */
    lastAnswer() {
      const root = bench.root();
      if (!root) return null;
      const all = widget === 'ours'
        ? root.querySelectorAll('.bc-msg-assistant:not(.bc-greeting) .bc-body')
        : widget === 'hub'
          ? root.querySelectorAll('.m.a.md')
          : root.querySelectorAll('.ai-message-text');
      return all.length ? all[all.length - 1] : null;
    },
    counts() {
      const el = bench.lastAnswer();
      if (!el) return null;
      const n = (selector) => el.querySelectorAll(selector).length;
      return { headings: n('h1, h2, h3, h4, h5, h6'), codeBlocks: n('pre > code'), tables: n('table'), listItems: n('li'), links: n('a[href]'), chars: (el.textContent || '').length };
    },
    /**
     * Records the time of the last DOM change anywhere in the widget's shadow root, except in a
     * live region nobody sees (a screen reader's announcements, which a widget may pace on
     * purpose: ours says "complete" 250 ms after "Responding…"). Those regions are found once, here.
     */
    observe() {
      const root = bench.root();
      const unseen = [...root.querySelectorAll('[aria-live], [role=status], [role=alert]')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width * box.height <= 1;
      });
      // A greeting or an earlier answer is not the answer to come.
      const before = bench.lastAnswer();
      const observer = new MutationObserver((records) => {
        if (records.every((record) => unseen.some((region) => region.contains(record.target)))) return;
        bench.lastMutation = performance.now();
        bench.mutations++;
        const answer = bench.lastAnswer();
        if (!bench.firstTextAt && bench.sendAt && answer && answer !== before && (answer.textContent || '').trim()) bench.firstTextAt = bench.lastMutation;
      });
      observer.observe(root, { childList: true, subtree: true, characterData: true });
    },
    send(text) {
      if (widget === 'ours') return window.BailingChat.send(text);
      if (widget === 'hub') {
        // No send API: what a visitor does, typing then pressing its send button.
        const root = bench.root();
        root.querySelector('textarea').value = text;
        root.querySelector('.send').click();
        return true;
      }
      document.querySelector('deep-chat').submitUserMessage({ text });
      return true;
    },
    /** Resolves once so many idle periods in a row were whole (50 ms each, nothing else to run). */
    calm(periods) {
      return new Promise((resolve) => {
        let calm = 0;
        const step = (deadline) => {
          calm = deadline.timeRemaining() >= 45 ? calm + 1 : 0;
          if (calm >= periods) resolve();
          else requestIdleCallback(step);
        };
        requestIdleCallback(step);
      });
    },
    /**
     * The page as a visitor finds it when they come to ask: loaded, read for two seconds, then
     * idle (five whole idle periods in a row). Not forty in a row: a widget with a focused input
     * (its caret blinks, a frame every 500 ms) or a timer of its own never has them.
     */
    settle() {
      return new Promise((resolve) => setTimeout(resolve, 2000)).then(() => bench.calm(5));
    },
    /**
     * What a visitor does before sending: focuses the input, then types for a while, in which the
     * page is idle. Resolves once five idle periods in a row were whole.
     */
    typeFirst() {
      const root = bench.root();
      root.querySelector(widget === 'ours' ? '.bc-input' : widget === 'hub' ? 'textarea' : '#text-input').focus();
      return bench.calm(5);
    },
    /** Resolves after the next frame has been produced (rAF, then a task after it). */
    nextFrame() {
      return new Promise((resolve) => requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      }));
    },
  };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const poll = () => {
    if (bench.isReady()) bench.readyAt = performance.now();
    else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();
`;

/**
 * The hub widget (v0.3.4) opens `/chat/:entry/events/:job?max_wait=…` with no visitor id: the
 * hub's server lets the job id alone open its stream, while our reference server asks who is
 * reading (visitor_id, as /thread does) and answers 400 without it; the widget would then wait
 * 15 s and fall back to /thread. On the hub widget's page only, this adds the visitor id the
 * widget has just stored, so it streams as it does against its own hub.
 */
const HUB_EVENTS_SHIM = String.raw`
(() => {
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      const u = new URL(url, location.href);
      const m = /\/chat\/([a-z0-9_-]+)\/events\//.exec(u.pathname);
      if (m && !u.searchParams.has('visitor_id')) u.searchParams.set('visitor_id', localStorage.getItem('bailing_visitor_' + m[1]) || '');
      super(u.href, init);
    }
  };
})();
`;

const esc = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function hostPage(options: PageOptions): string {
  const box = `position: fixed; right: 24px; bottom: 24px; width: ${CHAT_BOX.width}px; height: ${CHAT_BOX.height}px;`;
  const widget =
    options.widget === 'hub'
      ? `<script src="${esc(options.hubWidgetUrl ?? '')}/widget.js" data-entry="demo_assistant" data-open="1"></script>`
      : options.widget === 'ours'
      ? // The split build sits in /split/, not at the hub's root, so it is told where the hub is.
        `<script src="${esc(options.hubUrl)}${options.build === 'split' ? `/split/widget.js" data-api="${esc(options.hubUrl)}` : '/widget.js'}" data-entry="demo_assistant" data-lang="en" data-theme="light"${options.inline ? ' data-container="#chat"' : ''}${options.agui ? ` data-protocol="ag-ui" data-agent-url="${esc(options.hubUrl)}/agui/demo_assistant"` : ''}></script>`
      : `<script type="module" src="/deep-chat.js"></script>
<script type="module">
  const chat = document.querySelector('deep-chat');
  chat.connect = { url: '/deep-chat/stream', stream: true };
  chat.chatStyle = { width: '${CHAT_BOX.width}px', height: '${CHAT_BOX.height}px', border: '1px solid #ddd', borderRadius: '12px' };
</script>`;
  const chat = options.widget === 'deep-chat' ? '<deep-chat></deep-chat>' : '';
  return `<!doctype html>
<html lang="en" data-widget="${options.widget}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Benchmark host page</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #222; }
  main { max-width: 640px; margin: 32px; }
  #chat { ${box} }
</style>
<script>${PROBE}</script>${options.widget === 'hub' ? `\n<script>${HUB_EVENTS_SHIM}</script>` : ''}
</head>
<body>
<main><h1>Host page</h1>
${ARTICLE}
</main>
<div id="chat">${chat}</div>
${widget}
</body>
</html>
`;
}
