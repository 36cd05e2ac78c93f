// The look of A2UI surfaces, adopted once into the widget's shadow root. The widget's theme tokens
// (`--bailing-accent`, `--bc-*`) give the accent, dark mode and fonts; logical properties give
// right-to-left. Spacing follows the catalog guide's leaf-margin rule: Row, Column and List add
// none, the leaves and outlined boxes carry it. Every selector starts `.a2.a2` (or `.a2 .a2-…` with
// two classes): the answer's `.bc-body p` rules must not win over a surface's.

export const A2UI_CSS = `
.a2.a2 { display: grid; gap: 10px; margin: 0; font-size: 14px; line-height: 1.45; color: var(--bc-fg); color-scheme: light; }
.bc-root[data-mode="dark"] .a2.a2 { color-scheme: dark; }
.a2 .a2-surface { min-width: 0; margin: -6px; }
.a2 .a2-flex { display: flex; min-width: 0; }
.a2 .a2-row { flex-direction: row; flex-wrap: wrap; }
.a2 .a2-column { flex-direction: column; }
.a2 [data-justify="center"] { justify-content: center; } .a2 [data-justify="end"] { justify-content: flex-end; }
.a2 [data-justify="spaceBetween"] { justify-content: space-between; } .a2 [data-justify="spaceAround"] { justify-content: space-around; }
.a2 [data-justify="spaceEvenly"] { justify-content: space-evenly; } .a2 .a2-row[data-justify="stretch"] > * { flex: 1 1 0%; }
.a2 [data-align="start"] { align-items: flex-start; } .a2 [data-align="center"] { align-items: center; }
.a2 [data-align="end"] { align-items: flex-end; } .a2 [data-align="stretch"] { align-items: stretch; }
.a2 .a2-list { display: flex; flex-direction: column; max-height: 420px; overflow-y: auto; min-width: 0; }
.a2 .a2-list[data-direction="horizontal"] { flex-direction: row; overflow: auto hidden; scrollbar-width: none; }
.a2 .a2-list[data-direction="horizontal"] > .a2-item { flex: none; max-width: 240px; }
.a2 .a2-item { min-width: 0; }
.a2 .a2-list:focus-visible { outline: none; box-shadow: var(--bc-focus); }
.a2 .a2-text.a2-text { margin: 6px; overflow-wrap: anywhere; }
.a2 .a2-text[data-variant="h1"] { font-size: 1.6em; font-weight: 650; line-height: 1.25; }
.a2 .a2-text[data-variant="h2"] { font-size: 1.4em; font-weight: 650; line-height: 1.25; }
.a2 .a2-text[data-variant="h3"] { font-size: 1.22em; font-weight: 650; line-height: 1.3; }
.a2 .a2-text[data-variant="h4"] { font-size: 1.1em; font-weight: 650; }
.a2 .a2-text[data-variant="h5"] { font-size: 1em; font-weight: 650; }
.a2 .a2-text[data-variant="caption"] { font-size: .82em; color: var(--bc-muted); }
.a2 .a2-text code { font-family: var(--bailing-mono); font-size: .9em; background: var(--bc-code-bg); padding: 1px 4px; border-radius: 4px; }
.a2 .a2-card { margin: 6px; padding: 10px; border: 1px solid var(--bc-border); border-radius: 10px; min-width: 0; }
.a2 .a2-icon { display: inline-flex; margin: 6px; width: 22px; height: 22px; flex: none; }
.a2 .a2-icon svg { width: 100%; height: 100%; }
.a2 .a2-media { margin: 6px; min-width: 0; }
.a2 .a2-media img, .a2 .a2-media video { display: block; width: 100%; max-width: 300px; border-radius: 8px; object-fit: fill; }
.a2 .a2-media audio { width: 100%; }
.a2 .a2-media[data-fit="contain"] img { object-fit: contain; } .a2 .a2-media[data-fit="cover"] img { object-fit: cover; }
.a2 .a2-media[data-fit="none"] img { object-fit: none; } .a2 .a2-media[data-fit="scaleDown"] img { object-fit: scale-down; }
.a2 .a2-media[data-variant="icon"] img { width: 24px; height: 24px; }
.a2 .a2-media[data-variant="avatar"] img { width: 40px; height: 40px; border-radius: 50%; object-fit: cover; }
.a2 .a2-media[data-variant="smallFeature"] img { width: 100px; height: 100px; }
.a2 .a2-media[data-variant="largeFeature"] img { max-width: 100%; max-height: 400px; }
.a2 .a2-media[data-variant="header"] img { max-width: 100%; height: 160px; object-fit: cover; }
.a2 .a2-blocked { display: inline-block; padding: 6px 8px; border: 1px dashed var(--bc-border); border-radius: 8px; font-size: 12.5px; color: var(--bc-muted); }
.a2 .a2-divider { margin: 6px; border: 0; background: var(--bc-border); }
.a2 .a2-divider[data-axis="horizontal"] { height: 1px; align-self: stretch; }
.a2 .a2-divider[data-axis="vertical"] { width: 1px; align-self: stretch; min-height: 20px; }
.a2 .a2-button { margin: 6px; }
.a2 .a2-btn.a2-btn { display: inline-flex; align-items: center; gap: 4px; min-height: 36px; padding: 4px 12px; border-radius: 8px; font: inherit; font-weight: 600; color: inherit; cursor: pointer;
  background: var(--bc-bg); border: 1px solid color-mix(in srgb, var(--bc-muted) 55%, transparent); }
.a2 .a2-btn > * { margin: 0; }
.a2 .a2-btn:hover { background: var(--bc-surface); }
.a2 .a2-btn[data-variant="primary"] { background: var(--bailing-accent); border-color: var(--bailing-accent); color: var(--bailing-accent-text); }
.a2 .a2-btn[data-variant="primary"]:hover { background: color-mix(in srgb, var(--bailing-accent) 88%, #000); }
.a2 .a2-btn:is([data-variant="borderless"], [data-variant="text"]) { background: none; border-color: transparent; color: var(--bc-link); }
.a2 .a2-btn:disabled { opacity: .55; cursor: not-allowed; }
.a2 .a2-btn:focus-visible, .a2 .a2-tab:focus-visible, .a2 .a2-chip:focus-visible, .a2 .a2-close:focus-visible { outline: none; box-shadow: var(--bc-focus); }
.a2 .a2-why { margin: 4px 0 0; font-size: 12px; color: var(--bc-muted); }
.a2 .a2-why:empty { display: none; }
.a2 .a2-field { margin: 6px; min-width: 0; border: 0; padding: 0; }
.a2 .a2-label { display: block; margin: 0 0 4px; padding: 0; font-size: 13px; font-weight: 600; }
.a2 .a2-input { display: block; width: 100%; box-sizing: border-box; min-height: 36px; margin: 0; padding: 6px 10px; border-radius: 8px; font: inherit; color: inherit;
  background: var(--bc-bg); border: 1px solid color-mix(in srgb, var(--bc-muted) 55%, transparent); }
.a2 textarea.a2-input { min-height: 72px; resize: vertical; }
.a2 .a2-input:focus { outline: none; border-color: var(--bailing-accent); box-shadow: var(--bc-focus); }
.a2 .a2-input[aria-invalid="true"] { border-color: var(--bc-error); }
.a2 .a2-checkbox { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.a2 .a2-checkbox .a2-label { margin: 0; font-weight: 500; font-size: 14px; }
.a2 .a2-checkbox .a2-errors { flex-basis: 100%; }
.a2 .a2-check { width: 16px; height: 16px; margin: 0; accent-color: var(--bailing-accent); flex: none; }
.a2 .a2-options { display: grid; gap: 4px; }
.a2 .a2-option { display: flex; align-items: center; gap: 8px; }
.a2 .a2-choices[data-style="chips"] .a2-options { display: flex; flex-wrap: wrap; gap: 6px; }
.a2 .a2-chip.a2-chip { min-height: 32px; padding: 3px 12px; border-radius: 999px; font: inherit; color: inherit; cursor: pointer; background: var(--bc-bg); border: 1px solid color-mix(in srgb, var(--bc-muted) 55%, transparent); }
.a2 .a2-chip[aria-pressed="true"] { background: color-mix(in srgb, var(--bailing-accent) 16%, var(--bc-bg)); border-color: var(--bailing-accent); }
.a2 .a2-filter { margin-bottom: 6px; }
.a2 .a2-filter[hidden] { display: none; }
.a2 .a2-slide { display: flex; align-items: center; gap: 10px; }
.a2 .a2-range { flex: 1; accent-color: var(--bailing-accent); }
.a2 .a2-value { min-width: 3ch; text-align: end; font-variant-numeric: tabular-nums; }
.a2 .a2-errors p { margin: 4px 0 0; font-size: 12.5px; color: var(--bc-error); font-weight: 500; }
.a2 .a2-tablist { display: flex; gap: 2px; border-bottom: 1px solid var(--bc-border); overflow-x: auto; }
.a2 .a2-tab.a2-tab { padding: 6px 12px; border: 0; border-bottom: 2px solid transparent; background: none; font: inherit; color: var(--bc-muted); cursor: pointer; white-space: nowrap; }
.a2 .a2-tab[aria-selected="true"] { color: var(--bc-fg); border-bottom-color: var(--bailing-accent); font-weight: 600; }
.a2 .a2-tabpanel { padding-top: 4px; }
.a2 .a2-trigger { display: contents; }
.a2 .a2-dialog { width: min(92vw, 480px); max-height: 85vh; padding: 14px; border: 1px solid var(--bc-border); border-radius: 12px; background: var(--bc-bg); color: var(--bc-fg); box-shadow: var(--bc-shadow); }
.a2 .a2-dialog::backdrop { background: rgba(15, 23, 42, .45); }
.a2 .a2-close.a2-close { float: inline-end; width: 32px; height: 32px; border: 0; border-radius: 8px; background: none; font-size: 20px; line-height: 1; color: inherit; cursor: pointer; }
.a2 .a2-note.a2-note { margin: 6px; padding: 6px 8px; border-radius: 8px; font-size: 12.5px; color: var(--bc-muted); background: var(--bc-surface); }
.a2 .a2-status.a2-status { margin: 4px 6px 0; font-size: 12.5px; color: var(--bc-muted); }
.a2 .a2-status:empty { display: none; }
.a2 .a2-status[role="alert"] { color: var(--bc-error); }
.a2 .a2-state { display: grid; gap: 6px; padding: 10px 12px; border: 1px solid var(--bc-border); border-radius: 12px; color: var(--bc-muted); font-size: 13px; }
.a2 .a2-state[data-status="building"] { background: linear-gradient(90deg, var(--bc-surface), var(--bc-bg), var(--bc-surface)); background-size: 200% 100%; animation: a2-shimmer 1.4s linear infinite; }
.a2 .a2-state[data-status="failed"] { color: var(--bc-error); }
.a2 .a2-state pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.4 var(--bailing-mono); color: var(--bc-fg); }
.a2 .a2-report { justify-self: start; }
@keyframes a2-shimmer { to { background-position: -200% 0; } }
@media (prefers-reduced-motion: reduce) { .a2 .a2-state[data-status="building"] { animation: none; } }
`;
