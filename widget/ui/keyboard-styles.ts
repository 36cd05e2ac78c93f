// Styles for keyboard, reduced-motion and forced-colours use, adopted after styles.ts's.
//
// Focus: one ring, in the accent colour where it reads on the panel (3:1 in that theme, worked
// out from the entry's colour: shell.ts ringColor), else in the link colour (an accent may be pale); the launcher, over any page, gets a halo of the panel's background
// inside and outside its ring. The message list is scrolled inside the panel, whose overflow is
// hidden: its ring goes inside it.
// Reduced motion: every animation and transition of the widget ends at once.
// Forced colours (Windows high contrast): backgrounds are dropped, so edges, states and rings are
// drawn with system colours; icons are currentColor (dom.ts) and follow the text.
export const KEYBOARD_CSS = `
.bc-root :focus-visible{outline:2px solid var(--bc-ring);outline-offset:2px}
.bc-root .bc-messages:focus-visible{outline-offset:-2px}
.bc-root .bc-launcher:focus-visible{outline:3px solid var(--bc-fg);box-shadow:0 0 0 7px var(--bc-bg)}
@media (prefers-reduced-motion:reduce){
.bc-root *,.bc-root *::before,.bc-root *::after{animation-duration:1ms!important;animation-iteration-count:1!important;transition-duration:1ms!important;scroll-behavior:auto!important}
.bc-launcher:hover{transform:none}
}
@media (forced-colors:active){
.bc-root :is(.bc-launcher,.bc-send,.bc-icon-btn,.bc-act,.bc-msg,.bc-input){border:1px solid CanvasText}
.bc-root :focus-visible{outline:3px solid Highlight}
.bc-root button[aria-pressed=true]{forced-color-adjust:none;background:Highlight;color:HighlightText}
.bc-root [aria-disabled=true],.bc-root :disabled{color:GrayText;border-color:GrayText}
.bc-root .bc-dots i{background:CanvasText}
}`;
