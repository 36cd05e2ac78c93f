// What a `sandbox` block shows while it still streams (DESIGN.md §6, §8.3): a placeholder of
// `initialHeight` with the `placeholderMessages`, read from the start of the unfinished JSON. The
// model writes those two fields first (SANDBOX_FIELD_ORDER), so they arrive before the code.
// Pure and dependency-free, so the streaming renderer may import or copy it.

export interface SandboxPreview {
  /** CSS pixels to reserve, 40–2000 (240 when the block does not say yet). */
  height: number;
  /** Complete placeholder lines so far (a line still being written is left out), at most 8. */
  messages: string[];
}

export const SANDBOX_PREVIEW_HEIGHT = 240;
const MIN_HEIGHT = 40;
const MAX_HEIGHT = 2000;
const MAX_MESSAGES = 8;
const MAX_MESSAGE_CHARS = 120;

/** A JSON string literal at `at` (its opening quote) → [value, index after it], or null while unterminated. */
function readString(source: string, at: number): [string, number] | null {
  const match = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(source.slice(at));
  if (!match) return null;
  return [JSON.parse(match[0]) as string, at + match[0].length];
}

/**
 * Reads `initialHeight` and `placeholderMessages` from the partial source of a `sandbox` block
 * (any prefix of the JSON, whitespace anywhere). Only top-level keys count; anything unexpected
 * ends the reading with what was found so far. Never throws.
 */
export function sandboxPreview(partialSource: string): SandboxPreview {
  const preview: SandboxPreview = { height: SANDBOX_PREVIEW_HEIGHT, messages: [] };
  const src = partialSource;
  let i = 0;
  const ws = () => {
    while (i < src.length && /\s/.test(src[i]!)) i++;
  };
  ws();
  if (src[i++] != '{') return preview;
  for (;;) {
    ws();
    if (src[i] != '"') return preview;
    const key = readString(src, i);
    if (!key) return preview;
    i = key[1];
    ws();
    if (src[i++] != ':') return preview;
    ws();
    if (key[0] == 'initialHeight') {
      const number = /^\d{1,5}(?=[\s,}])/.exec(src.slice(i));
      if (!number) return preview;
      preview.height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, +number[0]));
      i += number[0].length;
    } else if (key[0] == 'placeholderMessages') {
      if (src[i++] != '[') return preview;
      for (;;) {
        ws();
        if (src[i] == ']') break;
        const line = src[i] == '"' ? readString(src, i) : null;
        if (!line) return preview;
        if (preview.messages.length < MAX_MESSAGES && line[0].trim()) preview.messages.push(line[0].trim().slice(0, MAX_MESSAGE_CHARS));
        i = line[1];
        ws();
        if (src[i] == ',') i++;
        else if (src[i] != ']') return preview;
      }
      i++;
    } else {
      // Later fields (title, css, html, code): the placeholder has all it needs.
      return preview;
    }
    ws();
    if (src[i++] != ',') return preview;
  }
}
