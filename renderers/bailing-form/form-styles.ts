// The look of the built-in `bailing-form` renderer, adopted once into each shadow root it mounts in.
// It uses the widget's theme tokens (`--bailing-accent`, `--bc-*`), so the host's accent and the
// widget's dark mode reach the form without the renderer knowing either. The form mounts only inside
// the widget's `.bc-root`, whose stylesheet shares the shadow root, so the tokens are always defined
// (no fallbacks) and the widget's own rules are relied on rather than repeated: `.bc-root button`
// (font, color, cursor), `.bc-root :focus-visible` (the focus ring of buttons and choices), `.bc-sr`
// (text for screen readers only) and `.bc-body` headings (weight 650). Every selector starts with
// `.bf` plus a class (two classes): the widget's `.bc-root button` and `.bc-body :is(p, …, .bc-rich)`
// rules must not win over the form's.

export const FORM_CSS = `
.bf.bf {
  margin: 0; padding: 14px; border: 1px solid var(--bc-border); border-radius: 12px;
  background: var(--bc-bg); color: var(--bc-fg); font-size: 14px; line-height: 1.45; color-scheme: light;
}
.bc-root[data-mode="dark"] .bf.bf { color-scheme: dark; }
.bf .bf-title { margin: 0 0 2px; font-size: 15px; line-height: 1.35; }
.bf .bf-title:focus { outline: none; }
.bf .bf-desc { margin: 0 0 4px; font-size: 13px; color: var(--bc-muted); white-space: pre-line; }
.bf .bf-help { margin: -2px 0 6px; font-size: 12.5px; color: var(--bc-muted); white-space: pre-line; }
.bf .bf-field { margin: 14px 0 0; padding: 0; border: 0; min-width: 0; }
.bf .bf-label { display: block; margin: 0 0 4px; padding: 0; font-size: 13px; font-weight: 600; }
.bf .bf-req { margin-inline-start: 3px; color: var(--bc-error); font-weight: 600; }
.bf .bf-input {
  display: block; width: 100%; min-height: 38px; margin: 0; padding: 7px 10px; border-radius: 8px;
  font: inherit; color: inherit; background: var(--bc-bg);
  border: 1px solid color-mix(in srgb, var(--bc-muted) 55%, transparent);
}
.bf textarea.bf-input { min-height: 76px; resize: vertical; }
.bf .bf-input::placeholder { color: var(--bc-muted); opacity: 1; }
.bf .bf-input[aria-invalid="true"] { border-color: var(--bc-error); }
.bf .bf-input:disabled { opacity: .7; cursor: not-allowed; }
.bf .bf-choices { display: grid; gap: 2px; }
.bf .bf-choice { display: flex; align-items: flex-start; gap: 8px; padding: 3px 0; }
.bf .bf-choice > * { cursor: pointer; }
.bf .bf-choice input { flex: none; width: 16px; height: 16px; margin: 2px 0 0; accent-color: var(--bailing-accent); }
.bf .bf-choice .bf-label { margin: 0; font-size: 14px; font-weight: 500; }
.bf .bf-choice input[aria-invalid="true"]:not(:focus-visible) { outline: 1px solid var(--bc-error); outline-offset: 1px; }
.bf .bf-error { margin: 5px 0 0; font-size: 12.5px; color: var(--bc-error); font-weight: 500; }
.bf .bf-summary { margin: 14px 0 0; font-size: 13px; color: var(--bc-error); font-weight: 500; }
.bf .bf-summary:empty { display: none; }
.bf .bf-actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; }
.bf .bf-btn {
  min-height: 38px; margin: 0; padding: 7px 16px; border-radius: 8px; font-weight: 600;
  background: var(--bc-bg); border: 1px solid color-mix(in srgb, var(--bc-muted) 55%, transparent);
}
.bf .bf-btn:hover { background: var(--bc-surface); }
.bf .bf-primary, .bf .bf-primary:hover { background: var(--bailing-accent); color: var(--bailing-accent-text); border-color: var(--bailing-accent); }
.bf .bf-primary:hover { filter: brightness(1.08); }
.bf .bf-btn:disabled { cursor: not-allowed; opacity: .6; filter: none; }
.bf .bf-btn[aria-busy="true"] { cursor: progress; }
.bf .bf-btn[aria-busy="true"]::before {
  content: ""; display: inline-block; width: 12px; height: 12px; margin-inline-end: 7px; vertical-align: -1px;
  border: 2px solid currentColor; border-inline-end-color: transparent; border-radius: 50%;
  animation: bf-spin .8s linear infinite;
}
@keyframes bf-spin { to { transform: rotate(360deg); } }
.bf .bf-badge {
  display: inline-flex; align-items: center; gap: 6px; margin: 0 0 6px; padding: 2px 10px; padding-inline-start: 8px; border-radius: 999px;
  font-size: 12.5px; font-weight: 600; color: var(--bailing-accent); background: color-mix(in srgb, var(--bailing-accent) 13%, transparent);
}
.bc-root[data-mode="dark"] .bf .bf-badge { color: var(--bc-fg); background: color-mix(in srgb, var(--bailing-accent) 40%, transparent); }
.bf .bf-badge[data-action="cancel"] { color: var(--bc-muted); background: var(--bc-surface); }
.bf .bf-badge svg { width: 14px; height: 14px; }
.bf .bf-values { display: grid; gap: 8px; margin: 10px 0 0; padding: 10px 0 0; border-top: 1px solid var(--bc-border); }
.bf .bf-values div { min-width: 0; }
.bf .bf-values dt { font-size: 12.5px; color: var(--bc-muted); }
.bf .bf-values dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
/* The announcer is a <p> in the message body, whose paragraph margin would otherwise beat .bc-sr's. */
.bf-sr.bf-sr { margin: -1px; }
@media (prefers-reduced-motion: reduce) { .bf .bf-btn[aria-busy="true"]::before { animation: none; } }
/* 16px stops iOS Safari from zooming into a field on focus. */
@media (max-width: 480px) { .bf .bf-input { font-size: 16px; } .bf .bf-actions .bf-btn { flex: 1 1 auto; } }
`;
