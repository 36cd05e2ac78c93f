// The widget's stylesheet, applied inside its shadow root only. Theme tokens are custom
// properties on :host so a host may override them (`bailing-chat-widget { --bailing-accent: … }`).
// `.bc-root { all: initial }` cuts inheritance from the host page: a host reset such as
// `* { all: unset !important }` reaches our host element but nothing inside the shadow root.

export const CSS = `
:host {
  --bailing-accent: #2563eb;
  --bailing-accent-text: #fff;
  --bailing-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji";
  --bailing-mono: ui-monospace, Menlo, Consolas, monospace;
  --bailing-radius: 14px;
  --bailing-z: 2147483000;
}
.bc-root {
  all: initial;
  font-family: var(--bailing-font);
  font-size: 14px;
  line-height: 1.5;
  color: var(--bc-fg);
  --bc-bg: #ffffff;
  --bc-fg: #111827;
  --bc-muted: #646b78;
  --bc-border: #e5e7eb;
  --bc-surface: #f3f4f6;
  --bc-user-bg: var(--bailing-accent);
  --bc-user-fg: var(--bailing-accent-text);
  --bc-code-bg: #f6f8fa;
  --bc-error: #b91c1c;
  --bc-error-bg: #fef2f2;
  --bc-link: #1d4ed8;
  --bc-shadow: 0 12px 40px rgba(15, 23, 42, .18), 0 2px 8px rgba(15, 23, 42, .08);
  --bc-ring: var(--bc-ring-l, var(--bc-link));
}
.bc-root[data-mode="dark"] {
  --bc-bg: #111827;
  --bc-fg: #f3f4f6;
  --bc-muted: #9ca3af;
  --bc-border: #374151;
  --bc-surface: #1f2937;
  --bc-code-bg: #0b1220;
  --bc-error: #fca5a5;
  --bc-error-bg: #3b1515;
  --bc-link: #93c5fd;
  --bc-ring: var(--bc-ring-d, var(--bc-link));
  --bc-shadow: 0 12px 40px rgba(0, 0, 0, .5);
}
.bc-root *, .bc-root *::before, .bc-root *::after { box-sizing: border-box; }
.bc-root [hidden] { display: none !important; }
/* No specificity: any class that colours a button (the launcher's and Send's accent text) wins. */
:where(.bc-root) button { font: inherit; color: inherit; cursor: pointer; }
.bc-sr { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }

.bc-launcher {
  position: fixed; z-index: var(--bailing-z);
  bottom: calc(var(--bc-offset-y, 24px) + env(safe-area-inset-bottom, 0px)); right: var(--bc-offset-x, 24px);
  width: 56px; height: 56px; border-radius: 50%; border: 0; padding: 0;
  display: grid; place-items: center;
  background: var(--bailing-accent); color: var(--bailing-accent-text);
  box-shadow: var(--bc-shadow);
  transition: transform .15s ease;
}
.bc-launcher:hover { transform: scale(1.05); }
.bc-launcher svg { width: 26px; height: 26px; }
.bc-launcher img { width: 32px; height: 32px; border-radius: 50%; object-fit: cover; }
.bc-root[data-position="left"] .bc-launcher { right: auto; left: var(--bc-offset-x, 24px); }

.bc-panel {
  position: fixed; z-index: var(--bailing-z);
  bottom: calc(var(--bc-offset-y, 24px) + 68px); right: var(--bc-offset-x, 24px);
  width: var(--bc-width, 400px); height: var(--bc-height, 640px);
  max-width: calc(100vw - 2 * var(--bc-offset-x, 24px));
  max-height: calc(100vh - var(--bc-offset-y, 24px) - 92px);
  max-height: calc(100dvh - var(--bc-offset-y, 24px) - 92px);
  display: flex; flex-direction: column; overscroll-behavior: contain;
  background: var(--bc-bg); color: var(--bc-fg);
  border: 1px solid var(--bc-border); border-radius: var(--bailing-radius);
  box-shadow: var(--bc-shadow); overflow: hidden;
}
.bc-root[data-position="left"] .bc-panel { right: auto; left: var(--bc-offset-x, 24px); }
.bc-root:not(.bc-inline) .bc-panel { animation: bc-in .2s ease-out; }
@keyframes bc-in { from { opacity: 0; } }
.bc-launcher > * { transition: transform .18s ease, opacity .18s ease; grid-area: 1 / 1; }
.bc-launcher > .bc-x, .bc-root[data-open="true"] .bc-launcher > :first-child { opacity: 0; transform: rotate(-90deg) scale(.6); }
.bc-root[data-open="true"] .bc-launcher > .bc-x { opacity: 1; transform: none; }
.bc-root[data-resizable="true"] .bc-panel { resize: both; }
.bc-root.bc-max .bc-panel {
  width: min(920px, calc(100vw - 32px)); height: calc(100vh - 32px);
  max-height: none; bottom: 16px; right: 16px; left: auto;
}
.bc-root.bc-inline { display: block; height: 100%; }
.bc-root.bc-inline .bc-panel {
  position: relative; inset: auto; width: 100%; height: 100%; min-height: 420px;
  max-width: none; max-height: none; box-shadow: none; z-index: auto;
}

.bc-header {
  display: flex; align-items: center; gap: 4px;
  padding: 10px; padding-inline-start: 16px; border-bottom: 1px solid var(--bc-border);
  background: var(--bc-bg);
}
.bc-avatar { width: 28px; height: 28px; border-radius: 50%; object-fit: cover; margin-inline-end: 6px; }
.bc-title { flex: 1; margin: 0; font-size: 15px; font-weight: 600; line-height: 1.3; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* Centred on the panel, not on the room the buttons leave: a column as wide as theirs each side. */
.bc-root[data-title-align="center"] .bc-header { display: grid; grid-template-columns: 1fr minmax(0, auto) 1fr; padding-inline-start: 10px; }
.bc-root[data-title-align="center"] .bc-title { grid-column: 2; text-align: center; }
.bc-tools { display: flex; gap: 4px; grid-column: 3; justify-self: end; }
.bc-icon-btn {
  width: 34px; height: 34px; border: 0; border-radius: 8px; background: transparent;
  display: grid; place-items: center; color: var(--bc-muted); padding: 0;
}
.bc-icon-btn:hover { background: var(--bc-surface); color: var(--bc-fg); }
.bc-icon-btn svg { width: 18px; height: 18px; }

.bc-messages {
  flex: 1; overflow-y: auto; overscroll-behavior: contain;
  padding: 16px; display: flex; flex-direction: column; gap: 12px;
  scroll-behavior: auto;
}
.bc-msg { max-width: 88%; overflow-wrap: anywhere; }
.bc-msg-user {
  align-self: flex-end; background: var(--bc-user-bg); color: var(--bc-user-fg);
  padding: 8px 12px; border-radius: 14px; border-end-end-radius: 4px; white-space: pre-wrap;
}
.bc-msg-assistant {
  align-self: flex-start; background: var(--bc-surface);
  padding: 8px 12px; border-radius: 14px; border-end-start-radius: 4px; min-width: 40px;
}
.bc-msg-assistant.bc-wide { max-width: 100%; width: 100%; }
.bc-msg-error { background: var(--bc-error-bg); color: var(--bc-error); }
.bc-starters { display: flex; flex-wrap: wrap; gap: 6px; max-width: 88%; }
.bc-starters button { border: 1px solid var(--bc-border); background: var(--bc-bg); border-radius: 16px; padding: 5px 12px; font-size: 13px; text-align: start; }
.bc-starters button:hover { border-color: var(--bailing-accent); }
.bc-status { color: var(--bc-muted); font-size: 13px; display: flex; align-items: center; gap: 8px; margin-top: 4px; }
.bc-status:empty { display: none; }
.bc-status > .bc-action { margin: 0; }
.bc-dots { display: inline-flex; gap: 3px; }
.bc-preview { margin: 0 0 10px; }
.bc-wait { display: grid; place-items: center; margin: 0; padding: 12px; border: 1px dashed var(--bc-border); border-radius: 10px; color: var(--bc-muted); overflow: hidden; }
.bc-dots i { width: 6px; height: 6px; border-radius: 50%; background: currentColor; opacity: .35; animation: bc-blink 1.2s infinite ease-in-out; }
.bc-dots i:nth-child(2) { animation-delay: .2s; }
.bc-dots i:nth-child(3) { animation-delay: .4s; }
@keyframes bc-blink { 0%, 80%, 100% { opacity: .25 } 40% { opacity: 1 } }
@media (prefers-reduced-motion: reduce) { .bc-dots i { animation: none; opacity: .6; } .bc-launcher { transition: none; } }
.bc-step { display: inline-flex; align-items: center; gap: 6px; font-size: 13px; color: var(--bc-muted); white-space: nowrap; }
.bc-step svg { width: 14px; height: 14px; flex: none; }
.bc-action {
  margin-top: 6px; border: 1px solid currentColor; background: transparent; border-radius: 8px;
  padding: 3px 10px; font-size: 13px;
}
/* An answer's markdown blocks are skipped by layout and paint while out of view (their size
   remembered), so a long answer drawn at once costs its visible part, and a thread opens fast.
   Not in an answer drawn as it streamed (.bc-streamed: each render that pushed blocks out of view
   took a frame more to skip them, 60 KB at 2 ms per delta cost 895 ms of main-thread time rather
   than 662; and skipping them once it is over would move the list under the visitor), nor
   the last block (it grows), nor one with the focus (paint containment would clip its outline),
   nor one with a formula (it may draw above or below its lines, and paint containment would clip
   it there). Every block's size is remembered, the last one's too, so one that stops being the
   last keeps its size. Containment keeps a block's children's margins inside it, so the first
   and last ones, which collapsed through it before, are
   none. Every block's paint is contained, a streamed answer's too (with the same exceptions but
   the last block): each live render then paints and layerizes about half as much (10 KB at 30 ms
   per delta: paint 168 → 91 ms, layerize 101 → 54 ms of main-thread time). */
.bc-body > :is(p, ul, ol, pre, blockquote, table, h1, h2, h3, h4, h5, h6) { contain-intrinsic-size: auto 24px; }
.bc-body > :is(p, ul, ol, pre, blockquote, table, h1, h2, h3, h4, h5, h6):not(:focus-within, :has(.bc-math)) { contain: paint; }
.bc-body:not(.bc-streamed) > :is(p, ul, ol, pre, blockquote, table, h1, h2, h3, h4, h5, h6):not(:last-child, :focus-within, :has(.bc-math)) { content-visibility: auto; }
.bc-body > :is(ul, ol, blockquote) > :first-child, .bc-body > :is(ul, ol, blockquote) > :first-child > :first-child, .bc-body > :is(ul, ol, blockquote) > :first-child > :first-child > :first-child { margin-top: 0; }
.bc-body > :is(ul, ol, blockquote) > :last-child, .bc-body > :is(ul, ol, blockquote) > :last-child > :last-child, .bc-body > :is(ul, ol, blockquote) > :last-child > :last-child > :last-child { margin-bottom: 0; }
.bc-body > :first-child { margin-top: 0; }
.bc-body > :last-child { margin-bottom: 0; }
.bc-body :is(p, ul, ol, pre, blockquote, table, .bc-rich) { margin: 0 0 10px; }
.bc-body :is(h1, h2, h3, h4, h5, h6) { margin: 14px 0 6px; line-height: 1.3; font-weight: 650; font-size: 1em; }
.bc-body h1 { font-size: 1.3em; } .bc-body h2 { font-size: 1.2em; } .bc-body h3 { font-size: 1.08em; }
.bc-body ul, .bc-body ol { padding-inline-start: 22px; }
.bc-body li + li { margin-top: 2px; }
.bc-body a { color: var(--bc-link); text-decoration: underline; }
.bc-body code { font-family: var(--bailing-mono); font-size: .9em; background: var(--bc-code-bg); padding: 1px 4px; border-radius: 4px; }
.bc-body pre { direction: ltr; text-align: start; background: var(--bc-code-bg); border: 1px solid var(--bc-border); border-radius: 8px; padding: 10px 12px; overflow-x: auto; }
.bc-body pre code { background: none; padding: 0; font-size: 12.5px; white-space: pre; }
.bc-body blockquote { border-inline-start: 3px solid var(--bc-border); padding-inline-start: 10px; color: var(--bc-muted); }
.bc-body table { border-collapse: collapse; display: block; overflow-x: auto; max-width: 100%; }
/* A cell breaks between words only (the message's overflow-wrap: anywhere let a narrow column
   break "Default" in two); a table too wide for the bubble scrolls sideways. */
.bc-body th, .bc-body td { border: 1px solid var(--bc-border); padding: 4px 8px; text-align: start; overflow-wrap: normal; }
.bc-body th { background: var(--bc-code-bg); font-weight: 600; }
.bc-body img { max-width: 100%; height: auto; border-radius: 6px; }
.bc-body hr { border: 0; border-top: 1px solid var(--bc-border); margin: 12px 0; }

.bc-notice { padding: 6px 16px 0; font-size: 12px; color: var(--bc-muted); text-align: center; }
.bc-composer { display: flex; align-items: flex-end; gap: 8px; padding: 10px 12px 12px; }
.bc-input {
  flex: 1; resize: none; min-height: 40px; max-height: 160px;
  font: inherit; font-size: 14px; color: var(--bc-fg); background: var(--bc-bg);
  border: 1px solid var(--bc-border); border-radius: 10px; padding: 9px 12px; line-height: 1.4;
}
.bc-input::placeholder { color: var(--bc-muted); opacity: 1; }
.bc-send {
  width: 40px; height: 40px; flex: none; border: 0; border-radius: 10px; padding: 0;
  display: grid; place-items: center;
  background: var(--bailing-accent); color: var(--bailing-accent-text);
}
.bc-send:disabled { opacity: .45; cursor: not-allowed; }
.bc-send svg { width: 18px; height: 18px; }
.bc-root[dir="rtl"] .bc-send svg, .bc-root[dir="rtl"] .bc-act[aria-controls] svg { transform: scaleX(-1); }
.bc-atts { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; white-space: normal; }
.bc-atts:not(:nth-child(2)) { margin-top: 6px; }
.bc-att { display: inline-flex; align-items: center; gap: 4px; color: inherit; max-width: 100%; }
.bc-att svg, .bc-body a > svg { width: 14px; height: 14px; flex: none; vertical-align: -2px; }
.bc-card { border: 1px solid var(--bc-border); border-radius: 8px; padding: 6px 10px; gap: 6px; text-decoration: none; }
.bc-card small { color: var(--bc-muted); }
.bc-att img { display: block; min-width: 48px; min-height: 48px; max-width: 180px; max-height: 180px; object-fit: cover; border-radius: 8px; }
.bc-atts audio { width: 240px; max-width: 100%; height: 36px; }
.bc-powered { font-size: 11px; color: var(--bc-muted); text-align: center; padding: 0 0 8px; }

@media (max-width: 480px) {
  .bc-root:not(.bc-inline) .bc-panel, .bc-root.bc-max:not(.bc-inline) .bc-panel {
    inset: var(--bc-vt, 0px) 0 auto; width: 100%; height: var(--bc-vh, 100%); max-width: none; max-height: none;
    border-radius: 0; border: 0; resize: none;
  }
  /* Clear of a notch and the home indicator (on pages with viewport-fit=cover). */
  .bc-root:not(.bc-inline) .bc-header { padding-top: max(10px, env(safe-area-inset-top)); }
  .bc-root:not(.bc-inline) .bc-composer { padding-bottom: max(12px, env(safe-area-inset-bottom)); }
  .bc-root:not(.bc-inline)[data-open="true"] .bc-launcher { display: none; }
  .bc-max-btn { display: none !important; }
  /* 16px stops iOS Safari from zooming into the field on focus. */
  .bc-input { font-size: 16px; }
}
`;
