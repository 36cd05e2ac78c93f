// The English words of the sandbox's own chrome. The core's table (widget/ui/i18n/i18n.ts) keeps only
// what the core shows, so these cost the split build's widget.js nothing; the widget's language
// table (which has every text of its language, and the host's overrides) goes over them.

export const SANDBOX_EN = {
  /** The frame's accessible name when the view has no title. */
  viewUntitled: 'Interactive view',
  /** Under every view: generated code, so no secrets. */
  viewCaution: 'Generated view, isolated from this page. Do not type passwords or other secrets into it.',
  /** The view threw; its message follows. */
  viewError: 'The view reported an error:',
  viewUnresponsive: 'This view is not responding.',
  viewStop: 'Stop the view',
  viewStopped: 'The view was stopped.',
  /** The view navigated away (or tried to); its frame was removed. */
  viewNavigated: 'The view tried to leave its frame and was closed.',
  /** The page's CSP (or the browser) stops the view's scripts. */
  viewCannotRun: 'This page cannot run interactive views.',
} as const;

export type SandboxStrings = { readonly [K in keyof typeof SANDBOX_EN]: string };

/** The chrome's words: the widget's (`words`, any language), with English for any it lacks. */
export const sandboxStrings = (words?: Partial<SandboxStrings>): SandboxStrings => ({ ...SANDBOX_EN, ...words });
