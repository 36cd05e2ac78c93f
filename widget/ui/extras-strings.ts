// The English words of what shows under an answer (widget/ui/answer-footer.ts). They travel with
// the footer's module, so the split build's core does not carry them; a language module (which
// has every text of its language) overrides them.
import type { Strings } from './i18n/i18n';

export const EXTRAS_EN = {
  answerActions: 'Answer actions',
  copyAnswer: 'Copy answer',
  copied: 'Copied',
  copyFailed: 'Could not copy',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  addNote: 'Add a note',
  noteLabel: 'Your note on this answer',
  notePlaceholder: 'What was wrong or missing?',
  sendNote: 'Send note',
  cancel: 'Cancel',
  thanks: 'Thanks for your feedback',
  rateFailed: 'Your feedback could not be sent. Please try again.',
  sources: 'Sources',
  source: 'Source',
  regenerate: 'Regenerate',
  editQuestion: 'Edit question',
  edited: 'Edited below',
  editing: 'Editing your question',
  cancelEdit: 'Cancel editing',
  editCancelled: 'Edit cancelled',
} as const;

export type ExtrasStrings = { readonly [K in keyof typeof EXTRAS_EN]: string };

/** The footer's words: the widget's, with English for any the language module does not have. */
export const extrasStrings = (strings: Strings): Strings & ExtrasStrings => ({ ...EXTRAS_EN, ...strings });
