// The look of a sandbox view's chrome (title, frame, notices), adopted once into each shadow root
// it mounts in. It uses the widget's theme tokens, like the form does; `.sbx` plus a class on
// every selector so the widget's own one-class rules do not win.

export const SANDBOX_CSS = `
.sbx.sbx { display: block; margin: 0; border: 1px solid var(--bc-border, #e5e7eb); border-radius: 12px; overflow: hidden; background: var(--bc-bg, #fff); }
.sbx .sbx-title { padding: 8px 12px; font-weight: 650; font-size: 14px; border-bottom: 1px solid var(--bc-border, #e5e7eb); }
.sbx .sbx-frame, .sbx .sbx-preview { display: block; width: 100%; border: 0; margin: 0; background: transparent; color-scheme: normal; }
.sbx.sbx { position: relative; }
/* The live frame while it starts behind the preview it replaces: laid out and in view (a frame out of sight may be throttled), under the box's own background. */
.sbx .sbx-behind.sbx-behind { position: absolute; inset-block-start: 0; inset-inline-start: 0; z-index: -1; pointer-events: none; }
.sbx .sbx-status:not(:empty) { padding: 6px 12px; font-size: 13px; border-top: 1px solid var(--bc-border, #e5e7eb); }
.sbx .sbx-error { color: var(--bc-error, #b91c1c); }
.sbx .sbx-stop.sbx-stop { margin-inline-start: 6px; padding: 3px 10px; font: inherit; font-size: 13px; color: var(--bailing-accent-text, #fff); background: var(--bailing-accent, #2563eb); border: 0; border-radius: 6px; cursor: pointer; }
.sbx .sbx-caution { margin: 0; padding: 6px 12px; font-size: 12px; color: var(--bc-muted, #6b7280); border-top: 1px solid var(--bc-border, #e5e7eb); }
.sbx .sbx-fallback { padding: 8px 12px; }
.sbx .sbx-fallback p { margin: 0 0 6px; }
.sbx .sbx-reason { font-size: 12px; color: var(--bc-muted, #6b7280); }
`;
