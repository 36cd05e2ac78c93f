// The composer at the foot of the panel: the message field, Send, and Stop in Send's place while a
// job runs. Enter sends and Shift+Enter adds a line; the field grows with its text; while an upload
// runs, Send says why it waits instead of sending. Part of the shell (widget/ui/shell.ts).

import { h, icon, ICONS } from './dom';
import type { Strings } from './i18n/i18n';
import type { Shell } from './shell';

/** The composer's part of the shell's interface. */
export type Composer = Pick<Shell, 'composer' | 'input' | 'setText' | 'setStreaming' | 'setSendBlocked'>;

/** `shadow`: where the focus is read; `announce` says why Send waits. */
export function createComposer(s: Strings, shadow: ShadowRoot, announce: (text: string) => void, onSubmit: (text: string) => void, onStop: () => void): Composer {
  const input = h('textarea', { class: 'bc-input', part: 'input', rows: '1', 'aria-label': s.message, placeholder: s.placeholder, maxlength: '4000', enterkeyhint: 'send' });
  const sendButton = h('button', { type: 'submit', class: 'bc-send', 'aria-label': s.send }, [icon(ICONS.send)]);
  const stopButton = h('button', { type: 'button', class: 'bc-send bc-stop', 'aria-label': s.stop, hidden: true }, [icon(ICONS.stop, true)]);
  const composer = h('form', { class: 'bc-composer', part: 'composer' }, [input, sendButton, stopButton]);
  let streaming = false;
  let blocked: string | null = null;

  // An empty text may still send: the message may be attachments only (the conversation decides).
  const submit = () => {
    if (streaming) return;
    if (blocked) return announce(blocked);
    onSubmit(input.value);
  };
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  input.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter adds a line; an IME composition's Enter only confirms the text.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      submit();
    }
  });
  input.addEventListener('input', () => autosize(input));
  stopButton.addEventListener('click', () => onStop());

  return {
    composer,
    input,
    setText(text) {
      input.value = text;
      autosize(input);
    },
    setStreaming(next) {
      streaming = next;
      const refocus = next ? shadow.activeElement === sendButton : shadow.activeElement === stopButton;
      sendButton.hidden = next;
      stopButton.hidden = !next;
      if (refocus) (next ? stopButton : input).focus();
    },
    setSendBlocked(reason) {
      blocked = reason;
      // aria-disabled, not disabled: the button keeps focus and, pressed, says why it waits.
      if (reason) sendButton.setAttribute('aria-disabled', 'true');
      else sendButton.removeAttribute('aria-disabled');
    },
  };
}

function autosize(input: HTMLTextAreaElement) {
  input.style.height = 'auto';
  input.style.height = `${Math.min(input.scrollHeight + 2, 160)}px`;
}
