// The BailingHub contract's shared numbers and patterns (DESIGN.md §4, §7). The widget, the
// reference server and the renderers import them from here, so the two sides of the wire
// cannot drift apart. Values only, no imports: any side may take this file as it is.

/** An entry key: the `:entry` of every route, and `data-entry`. */
export const ENTRY_KEY_PATTERN = /^[a-z0-9_-]{4,32}$/;
/** A renderer's `type`, which is also the info string of the fences it mounts. */
export const RENDERER_TYPE_PATTERN = /^[a-z][a-z0-9._+-]{0,63}$/;
/** `client_capabilities.renderers` lists at most this many types. */
export const MAX_RENDERER_TYPES = 16;
/** Longest message, in code points (not UTF-16 units), attachment lines included. */
export const MAX_MESSAGE_CHARS = 4000;
/** Items of a thread's history: what `/thread` serves and what the page keeps. */
export const HISTORY_LIMIT = 50;
/** A visitor id: the hub mints a new one for anything shorter. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Longest thread id the hub keeps (it cleans `thread_id` to `[A-Za-z0-9_-]` and cuts it there). */
export const MAX_THREAD_ID_CHARS = 32;
/** A thread id as the hub keeps it; the default thread sends none. */
export const THREAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The launcher's offsets from its corner and the panel's size, in px (offsets from 0): what the
 * widget draws (a value outside is clamped) and so what the reference server's entries accept.
 */
export const MAX_OFFSET = 200;
export const MIN_WIDTH = 280;
export const MAX_WIDTH = 960;
export const MIN_HEIGHT = 360;
export const MAX_HEIGHT = 1200;

/** The widget's languages: English built in, the others inside dist/widget.js and files beside the split build's (widget/modules.ts); an entry's `lang` is one of them. */
export const LANGS = ['en', 'zh-CN', 'ar', 'es', 'ja'] as const;

/** Length in code points, as both sides count a message: an emoji is one character, not two. */
export const codePoints = (text: string): number => [...text].length;
