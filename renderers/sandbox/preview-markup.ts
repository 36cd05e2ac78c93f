// What a `sandbox` view's preview may draw of the props the model has written so far (DESIGN.md
// §8.3). Pure. The first of three layers: this trims the markup before it leaves the host page;
// the preview frame strips the same again in its own DOM (preview-frame.ts), and its CSP lets no
// script of the model's run whatever both missed (only our one nonce'd script).

/** The styles, markup and JSX a preview draws. */
export interface PreviewView {
  readonly css: string;
  readonly html: string;
  readonly jsx: string;
}

/** `<script>` elements, whole or still open at the end (then everything after the opener). */
const SCRIPT = /<script\b[^]*?(?:<\/script(?=[\s/>])[^>]*>?|$)/gi;
/** A tag (or comment, doctype) still being written at the end: the tokenizer would read what follows into it. */
const HALF_TAG = /<(?:[a-z/!?][^>]*)?$/i;
/** An entity still being written at the end (`&am`, `&#x2`): drawn now it would show as text, then change. */
const HALF_ENTITY = /&(?:#x?[0-9a-f]*|[a-z][a-z0-9]*)?$/i;
/** Elements a preview never draws: code, a different base or refresh, nested documents and plugins. */
const DROPPED = /^(?:script|meta|base|link|iframe|frame|frameset|object|embed|template)$/i;
/** Character references an attacker spells `javascript:` with (`&#x6A;`, `&colon;`, `&Tab;`). */
const REFERENCE = /&#(?:x([0-9a-f]+)|(\d+));?|&(colon|tab|newline);/gi;
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n' };

/** Whether an attribute's value (as written, quotes included) is a `javascript:` URL or holds one (`values="a;javascript:…"`). */
export function scriptUrl(value: string): boolean {
  const decoded = value.replace(REFERENCE, (_, hex?: string, decimal?: string, name?: string) =>
    name ? NAMED[name.toLowerCase()]! : String.fromCodePoint(Math.min(hex ? parseInt(hex, 16) : +decimal!, 0x10ffff) || 0xfffd),
  );
  // The URL parser drops tabs and newlines inside a scheme, and leading controls and spaces.
  return /javascript:/i.test(decoded.replace(/[\s\0-\x1f]/g, ''));
}

/** HTML's whitespace (not `\s`: a no-break space separates nothing). */
const SPACE = /[\t\n\f\r ]/;

/**
 * Markup the model is still writing, as a preview may draw it: `<script>` elements (whole or cut
 * off) removed, the half-written tag and a cut-off entity at the end dropped, event-handler
 * attributes and `javascript:` URLs removed from every start tag, and the elements of `DROPPED`
 * left out. Start tags are read as the HTML tokenizer reads them (a quote opens a value only
 * after `=`; `/` separates attributes; a tag that the text ends inside is no tag), so what is
 * kept is what the browser will see.
 */
export function previewHtml(html: string): string {
  const s = html.replace(SCRIPT, '').replace(HALF_TAG, '').replace(HALF_ENTITY, '');
  const n = s.length;
  let out = '';
  let i = 0;
  for (let lt; (lt = s.indexOf('<', i)) >= 0; ) {
    out += s.slice(i, lt);
    i = lt + 1;
    if (!/[a-z]/i.test(s[i] ?? '')) {
      out += '<';
      continue;
    }
    let j = i;
    while (j < n && !SPACE.test(s[j]!) && s[j] != '/' && s[j] != '>') j++;
    const name = s.slice(i, j);
    let kept = '';
    for (;;) {
      while (j < n && (SPACE.test(s[j]!) || s[j] == '/')) j++;
      if (j >= n || s[j] == '>') break;
      const from = j;
      // The first character of a name may be anything but these, `=` included.
      j++;
      while (j < n && !SPACE.test(s[j]!) && !'/>='.includes(s[j]!)) j++;
      const key = s.slice(from, j);
      let k = j;
      while (k < n && SPACE.test(s[k]!)) k++;
      let value = '';
      if (s[k] == '=') {
        k++;
        while (k < n && SPACE.test(s[k]!)) k++;
        const quote = s[k] == '"' || s[k] == "'" ? s[k]! : '';
        let end = quote ? s.indexOf(quote, k + 1) + 1 || n + 1 : k;
        if (!quote) while (end < n && !SPACE.test(s[end]!) && s[end] != '>') end++;
        value = s.slice(k, end);
        j = end;
      }
      if (!/^on/i.test(key) && !scriptUrl(value)) kept += ' ' + s.slice(from, j);
    }
    // The text ended inside the tag (a quoted value never closed): the browser drops it.
    if (j >= n) {
      i = n;
      break;
    }
    i = j + 1;
    // A dropped tag leaves a space, so what stood on either side cannot join into a tag (`<<meta>img …>`).
    out += DROPPED.test(name) ? ' ' : `<${name}${kept}${s[j - 1] == '/' ? ' /' : ''}>`;
  }
  return out + s.slice(i);
}

/**
 * What a preview draws of the props parsed so far (anything: the model wrote them). The CSS only
 * once its string has closed, which the next field having begun shows (the model writes them in
 * order, `css` before `html`): half a rule would restyle the view at each frame. The markup as
 * `previewHtml` trims it; the JSX as it is (the frame draws it only once it compiles).
 */
export function previewView(payload: unknown): PreviewView {
  const props = payload && typeof payload == 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const keys = Object.keys(props);
  const text = (key: string) => (typeof props[key] == 'string' ? (props[key] as string) : '');
  return {
    css: keys.indexOf('css') > -1 && keys.indexOf('css') < keys.length - 1 ? text('css') : '',
    html: previewHtml(text('html')),
    jsx: text('jsx'),
  };
}
