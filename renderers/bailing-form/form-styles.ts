// The look of the built-in `bailing-form` renderer, adopted once into each shadow root it mounts in.
// It uses the widget's theme tokens (`--bailing-accent`, `--bc-*`), so the host's accent and the
// widget's dark mode reach the form without the renderer knowing either. Every selector starts with
// `.bf` plus a class (two classes): the widget's own `.bc-root button` and `.bc-body p` rules are
// one class and one element, and must not win over the form's.

export const FORM_CSS = `
.bf.bf {
  display: block; margin: 0; padding: 14px;
  background: var(--bc-bg, #fff); color: var(--bc-fg, #111827);
  border: 1px solid var(--bc-border, #e5e7eb); border-radius: 12px;
  font-size: 14px; line-height: 1.45; color-scheme: light;
}
.bc-root[data-mode="dark"] .bf.bf { color-scheme: dark; }
.bf .bf-title { margin: 0 0 2px; font-size: 15px; font-weight: 650; line-height: 1.35; }
.bf .bf-title:focus { outline: none; }
.bf .bf-desc { margin: 0 0 4px; color: var(--bc-muted, #6b7280); font-size: 13px; white-space: pre-line; }
.bf .bf-field { display: block; margin: 14px 0 0; padding: 0; border: 0; min-width: 0; }
.bf .bf-label { display: block; padding: 0; margin: 0 0 4px; font-weight: 600; font-size: 13px; }
.bf .bf-req { color: var(--bc-error, #b91c1c); margin-left: 3px; font-weight: 600; }
.bf .bf-help { margin: -2px 0 6px; font-size: 12.5px; color: var(--bc-muted, #6b7280); white-space: pre-line; }
.bf .bf-input {
  display: block; width: 100%; min-height: 38px; margin: 0; padding: 7px 10px;
  font: inherit; font-size: 14px; color: inherit; background: var(--bc-bg, #fff);
  border: 1px solid color-mix(in srgb, var(--bc-muted, #6b7280) 55%, transparent); border-radius: 8px;
}
.bf textarea.bf-input { min-height: 76px; resize: vertical; }
.bf .bf-input::placeholder { color: var(--bc-muted, #6b7280); opacity: 1; }
.bf .bf-input:focus { outline: none; border-color: var(--bailing-accent, #2563eb); box-shadow: 0 0 0 3px color-mix(in srgb, var(--bailing-accent, #2563eb) 35%, transparent); }
.bf .bf-input[aria-invalid="true"] { border-color: var(--bc-error, #b91c1c); }
.bf .bf-input:disabled { opacity: .7; cursor: not-allowed; }
.bf .bf-choices { display: grid; gap: 2px; }
.bf .bf-choice { display: flex; align-items: flex-start; gap: 8px; padding: 3px 0; }
.bf .bf-choice input { flex: none; width: 16px; height: 16px; margin: 2px 0 0; accent-color: var(--bailing-accent, #2563eb); cursor: pointer; }
.bf .bf-choice label { cursor: pointer; }
.bf .bf-choice .bf-label { margin: 0; font-size: 14px; font-weight: 500; }
.bf .bf-choice input[aria-invalid="true"] { outline: 1px solid var(--bc-error, #b91c1c); outline-offset: 1px; }
.bf .bf-choice input:focus-visible { outline: 2px solid var(--bailing-accent, #2563eb); outline-offset: 2px; }
.bf .bf-error { margin: 5px 0 0; color: var(--bc-error, #b91c1c); font-size: 12.5px; font-weight: 500; }
.bf .bf-summary { margin: 14px 0 0; font-size: 13px; color: var(--bc-error, #b91c1c); font-weight: 500; }
.bf .bf-summary:empty { display: none; }
.bf .bf-actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; }
.bf .bf-btn {
  min-height: 38px; margin: 0; padding: 7px 16px; border-radius: 8px;
  font: inherit; font-size: 14px; font-weight: 600; cursor: pointer;
  background: var(--bc-bg, #fff); color: var(--bc-fg, #111827);
  border: 1px solid color-mix(in srgb, var(--bc-muted, #6b7280) 55%, transparent);
}
.bf .bf-btn:hover { background: var(--bc-surface, #f3f4f6); }
.bf .bf-primary, .bf .bf-primary:hover {
  background: var(--bailing-accent, #2563eb); color: var(--bailing-accent-text, #fff); border-color: var(--bailing-accent, #2563eb);
}
.bf .bf-primary:hover { filter: brightness(1.08); }
.bf .bf-btn:focus-visible { outline: 2px solid var(--bailing-accent, #2563eb); outline-offset: 2px; }
.bf .bf-btn:disabled { cursor: not-allowed; opacity: .6; filter: none; }
.bf .bf-btn[aria-busy="true"] { cursor: progress; }
.bf .bf-btn[aria-busy="true"]::before {
  content: ""; display: inline-block; width: 12px; height: 12px; margin-right: 7px; vertical-align: -1px;
  border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: bf-spin .8s linear infinite;
}
@keyframes bf-spin { to { transform: rotate(360deg); } }
.bf .bf-badge {
  display: inline-flex; align-items: center; gap: 6px; margin: 0 0 6px; padding: 2px 10px 2px 8px;
  border-radius: 999px; font-size: 12.5px; font-weight: 600;
  color: var(--bailing-accent, #2563eb); background: color-mix(in srgb, var(--bailing-accent, #2563eb) 13%, transparent);
}
.bc-root[data-mode="dark"] .bf .bf-badge { color: var(--bc-fg, #f3f4f6); background: color-mix(in srgb, var(--bailing-accent, #2563eb) 40%, transparent); }
.bf .bf-badge[data-action="cancel"] { color: var(--bc-muted, #6b7280); background: var(--bc-surface, #f3f4f6); }
.bf .bf-badge svg { width: 14px; height: 14px; }
.bf .bf-values { margin: 10px 0 0; padding: 10px 0 0; border-top: 1px solid var(--bc-border, #e5e7eb); display: grid; gap: 8px; }
.bf .bf-values div { min-width: 0; }
.bf .bf-values dt { font-size: 12.5px; color: var(--bc-muted, #6b7280); }
.bf .bf-values dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.bf-sr.bf-sr { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media (prefers-reduced-motion: reduce) { .bf .bf-btn[aria-busy="true"]::before { animation: none; } }
/* 16px stops iOS Safari from zooming into a field on focus. */
@media (max-width: 480px) { .bf .bf-input { font-size: 16px; } .bf .bf-actions .bf-btn { flex: 1 1 auto; } }
`;
