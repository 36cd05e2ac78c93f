// The strip above the composer while the visitor edits their last question (Edit): it says that
// the next message replaces that question, and Cancel (or Esc in the composer) makes the next one
// a new message again, keeping what was typed. Part of the footer's module: only an answer's Edit
// button opens it.
import { adoptStyles } from './adopt-styles';
import { h } from './dom';
import { EXTRAS_CSS } from './extras-styles';
import { extrasStrings } from './extras-strings';
import type { Strings } from './i18n/i18n';

export interface EditStripOptions {
  /** The composer form: the strip goes just above it, and Esc inside it cancels. */
  composer: HTMLElement;
  strings: Strings;
  announce(text: string): void;
  /** Focus back to the composer's field (after Cancel). */
  focus(): void;
  /** The visitor cancelled: the next message is a new one. */
  cancelled(): void;
}

/** Shows the strip and says so (politely); returns what takes it away without cancelling (the edit was sent, the conversation moved on). */
export function editStrip({ composer, strings: widgetStrings, announce, focus, cancelled }: EditStripOptions): () => void {
  const s = extrasStrings(widgetStrings);
  // Its visible word is "Cancel"; its name says what it cancels (and holds that word, as a spoken command needs).
  const cancel = h('button', { type: 'button', class: 'bc-note-btn', 'aria-label': s.cancelEdit }, [s.cancel]);
  const strip = h('div', { class: 'bc-editing', part: 'editing' }, [h('span', {}, [s.editing]), cancel]);
  const remove = () => {
    strip.remove();
    composer.removeEventListener('keydown', onKey);
  };
  const stop = () => {
    remove();
    cancelled();
    focus();
    announce(s.editCancelled);
  };
  // Esc here cancels the edit and goes no further: the panel closes only on a second Esc.
  const onKey = (event: KeyboardEvent) => {
    if (event.key == 'Escape' && !event.isComposing) {
      event.stopPropagation();
      stop();
    }
  };
  cancel.addEventListener('click', stop);
  strip.addEventListener('keydown', onKey);
  composer.addEventListener('keydown', onKey);
  composer.before(strip);
  adoptStyles(strip, EXTRAS_CSS);
  announce(s.editing);
  return remove;
}
