// The composer's attachments, where the entry's config turns uploads on: a paperclip with a file
// picker, pasted images, files dropped on the panel and voice notes. Each becomes a chip above the
// input that uploads at once (POST /chat/:entry/upload) and, once uploaded, goes with the next
// message. Loaded by the core only when `config.upload` is true (widget/embed/mount.ts), with all it
// needs: the upload request, the file rules, its styles and its English words.
import type { EmbedOptions } from '../embed/embed';
import { visitorMessage } from '../transport/errors';
import { adoptStyles } from '../ui/adopt-styles';
import { httpUrl, uploadFile, type UploadBody } from '../transport/upload';
import type { Attachment, AttachmentKind } from '../types';
import { classifyFile, MAX_ATTACHMENTS, refusalText, UPLOAD_ACCEPT } from './upload-policy';
import { MIC, voiceNotes } from './voice-note';
import { fill } from './uploads';
import { h, icon, ICONS } from '../ui/dom';
import type { Strings } from '../ui/i18n/i18n';
import type { Shell } from '../ui/shell';
import { UPLOAD_EN, type UploadStrings } from './uploader-strings';
import { UPLOADER_CSS } from './uploader-styles';

const DRAG_EVENTS = ['dragenter', 'dragover', 'dragleave', 'drop'] as const;

export interface UploaderDeps {
  shell: Pick<Shell, 'panel' | 'composer' | 'input' | 'announce' | 'setSendBlocked'>;
  /** The core's words; the uploader's English ({@link UPLOAD_EN}) stands in for those it lacks. */
  strings: Strings & Partial<UploadStrings>;
  /** Where uploads go: `api` is the hub's base URL (resolveApiBase), whose own images alone preview a chip given back. */
  options: Pick<EmbedOptions, 'api' | 'entry' | 'lang'>;
  /** Who uploads, asked at each upload: the ticket may have changed. */
  visitor(): Pick<UploadBody, 'visitor_id' | 'ticket'>;
}

export interface Uploader {
  /** The uploaded attachments, in the order they were added. */
  list(): Attachment[];
  /** Removes the uploaded and the failed chips (a message took them); uploads still running stay. */
  clear(): void;
  /** Puts attachments back as chips, first (a failed send). */
  restore(atts: readonly Attachment[]): void;
  /** A line under the chips, where the visitor looks. */
  note(text: string): void;
  destroy(): void;
}

interface Chip {
  state: 'uploading' | 'ready' | 'error';
  att?: Attachment;
  abort?: AbortController;
  preview?: string;
  el: HTMLLIElement;
  status: HTMLElement;
}

// Long because each upload's chip, its AbortController and the composer's list share state from the
// pick to the send, and clear/restore reach all of them; the recorder (voice-note.ts), drops and pastes are apart.
export function createUploader({ shell, strings, options, visitor }: UploaderDeps): Uploader {
  const { panel, composer, input, announce } = shell;
  const { api, entry: hubEntry } = options;
  const s = { ...UPLOAD_EN, ...strings };
  const hubOrigin = new URL(api).origin;
  // Written when needed: the first number formatted for a locale costs the page tens of milliseconds
  // (the browser loads its number data), which the mount would otherwise pay before the composer shows.
  const tooMany = () => fill(s.tooManyAttachments, { n: MAX_ATTACHMENTS }, options.lang);
  let chips: Chip[] = [];
  let gone = false;
  const list = h('ul', { class: 'bc-chips', 'aria-label': s.attachments, hidden: true });
  const noteEl = h('p', { class: 'bc-attnote', hidden: true });
  const bar = h('div', { class: 'bc-attbar', part: 'attachments' }, [list, noteEl]);
  const picker = h('input', { type: 'file', accept: UPLOAD_ACCEPT, multiple: true, hidden: true, tabindex: '-1' });
  const attachButton = h('button', { type: 'button', class: 'bc-icon-btn bc-attach', 'aria-label': s.attach, title: s.attach }, [icon(ICONS.clip)]);
  const dropHint = h('div', { class: 'bc-drop', hidden: true, 'aria-hidden': 'true' }, [s.dropHint]);
  /** What the uploader put into the shell, for destroy. */
  const added: Element[] = [bar, dropHint, attachButton, picker];
  // The panel lives in the shell's shadow root: a constructable sheet, or a <style> with the
  // shell's nonce where there are none (Safari < 16.4).
  adoptStyles(panel, UPLOADER_CSS);
  panel.insertBefore(bar, composer);
  panel.append(dropHint);
  composer.insertBefore(attachButton, input);
  composer.append(picker);

  const note = (text: string) => {
    noteEl.textContent = text;
    noteEl.hidden = !text;
  };
  /** A line under the chips that the live region reads too. */
  const tell = (text: string) => {
    note(text);
    announce(text);
  };
  const sync = () => {
    list.hidden = chips.length === 0;
    shell.setSendBlocked(chips.some((c) => c.state === 'uploading') ? s.waitForUploads : null);
  };
  /** Chips that count toward the limit: a failed one is only there to be read and removed. */
  const room = () => MAX_ATTACHMENTS - chips.filter((c) => c.state !== 'error').length;

  function chip(name: string, kind: AttachmentKind | null, preview?: string): Chip {
    const status = h('span', { class: 'bc-chip-status' });
    const removeLabel = fill(s.removeAttachment, { name });
    const remove = h('button', { type: 'button', class: 'bc-chip-x', 'aria-label': removeLabel, title: removeLabel }, [icon(ICONS.close)]);
    const el = h('li', { class: 'bc-chip' }, [
      preview ? h('img', { src: preview, alt: '', class: 'bc-chip-img' }) : icon(kind === 'audio' ? MIC : ICONS.clip),
      h('span', { class: 'bc-chip-name', title: name }, [name]),
      status,
      remove,
    ]);
    const entry: Chip = { state: 'ready', el, status, preview };
    remove.addEventListener('click', () => {
      const next = chips[chips.indexOf(entry) + 1];
      drop(entry);
      announce(fill(s.removed, { name }));
      // Focus stays in the composer: on the next chip's remove button, else the input.
      (next?.el.querySelector('button') ?? input).focus();
    });
    list.append(el);
    chips.push(entry);
    return entry;
  }

  function drop(entry: Chip) {
    entry.abort?.abort();
    if (entry.preview?.startsWith('blob:')) URL.revokeObjectURL(entry.preview);
    entry.el.remove();
    chips = chips.filter((c) => c !== entry);
    sync();
  }

  function fail(entry: Chip, reason: string) {
    entry.state = 'error';
    entry.el.classList.add('bc-chip-err');
    entry.status.replaceChildren(reason);
    // An error: said at once, through the assertive region.
    announce(fill(s.uploadFailed, { reason }), true);
    sync();
  }

  function add(files: File[], forced?: 'audio') {
    if (gone) return;
    note('');
    for (const file of files) {
      if (room() <= 0) return tell(tooMany());
      const name = file.name;
      const verdict = classifyFile(file, forced);
      if (!verdict.ok) {
        fail(chip(name, null), refusalText(verdict, s, options.lang));
        continue;
      }
      const { kind, mime } = verdict;
      const entry = chip(name, kind, kind === 'image' ? URL.createObjectURL(file) : undefined);
      const abort = new AbortController();
      const progress = h('progress', { max: '1', value: '0', 'aria-label': fill(s.uploading, { name }) });
      Object.assign(entry, { state: 'uploading', abort });
      entry.status.append(progress);
      sync();
      readBase64(file)
        .then((data) =>
          // Who and what before the file: a server reading the body as it arrives can refuse the
          // upload before any of the file has come.
          uploadFile(api, hubEntry, { ...visitor(), filename: name, mime, data_base64: data }, { signal: abort.signal, kind, onProgress: (sent) => (progress.value = sent) }),
        )
        .then(
          (att) => {
            if (abort.signal.aborted) return;
            Object.assign(entry, { state: 'ready', att: { ...att, size: file.size }, abort: undefined });
            entry.status.replaceChildren();
            announce(fill(s.attached, { name }));
            sync();
          },
          // Removed meanwhile: nothing to say. Otherwise the hub's own sentence, where it wrote one.
          (error: unknown) => abort.signal.aborted || fail(entry, visitorMessage(error) || s.uploadError),
        );
    }
  }

  attachButton.addEventListener('click', () => (room() > 0 ? picker.click() : tell(tooMany())));
  picker.addEventListener('change', () => {
    const files = [...(picker.files ?? [])];
    // Cleared so that picking the same file again is a change too.
    picker.value = '';
    add(files);
  });

  input.addEventListener('paste', (event) => {
    const files = pastedImages(event);
    if (!files.length) return;
    // Only the images are taken; pasted text goes into the input as usual.
    event.preventDefault();
    add(files);
  });

  const undrag = watchDrops(panel, dropHint, add);

  // Voice notes, where the browser can record.
  const voice = voiceNotes(s, note, announce, () => (room() <= 0 ? tooMany() : undefined), () => gone, (file) => add([file], 'audio'));
  if (voice) {
    added.push(voice[0]);
    composer.insertBefore(voice[0], input);
  }

  return {
    // Only a ready chip has its attachment: it is set with that state, and a failed chip never had one.
    list: () => chips.flatMap((c) => (c.att ? [c.att] : [])),
    clear() {
      for (const c of chips) if (c.state !== 'uploading') drop(c);
      note('');
    },
    restore(atts) {
      const restored: Chip[] = atts.map((att) => {
        const own = att.type === 'image' && httpUrl(att.url)?.origin === hubOrigin;
        return Object.assign(chip(att.name || att.url, att.type, own ? att.url : undefined), { att });
      });
      chips = [...restored, ...chips.filter((c) => !restored.includes(c))];
      list.prepend(...restored.map((c) => c.el));
      sync();
    },
    note,
    destroy() {
      gone = true;
      voice?.[1]();
      for (const c of chips) drop(c);
      for (const el of added) el.remove();
      undrag();
    },
  };
}

/** Files dragged onto the panel go to `add`, with `hint` shown while over it; drags of text or links are left alone. Returns what stops it. */
function watchDrops(panel: HTMLElement, hint: HTMLElement, add: (files: File[]) => void): () => void {
  let depth = 0;
  const onDrag = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    if (event.type === 'dragenter') depth++;
    if (event.type === 'dragleave') depth--;
    if (event.type === 'drop') {
      depth = 0;
      add([...event.dataTransfer.files]);
    }
    hint.hidden = depth <= 0;
  };
  for (const type of DRAG_EVENTS) panel.addEventListener(type, onDrag);
  return () => {
    for (const type of DRAG_EVENTS) panel.removeEventListener(type, onDrag);
  };
}

/** Pasted images (a screenshot): clipboard files often have no name, so they get the hub widget's. */
function pastedImages(event: ClipboardEvent): File[] {
  return [...(event.clipboardData?.items ?? [])]
    .filter((item) => item.kind === 'file' && item.type.startsWith('image/'))
    .map((item, i) => {
      const f = item.getAsFile()!;
      return f.name ? f : new File([f], `clipboard-${Date.now()}-${i + 1}.${f.type.split('/')[1]!.replace('jpeg', 'jpg').replace(/\W/g, '') || 'png'}`, { type: f.type });
    });
}

function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // A data: URL; the hub wants only what follows the comma.
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
