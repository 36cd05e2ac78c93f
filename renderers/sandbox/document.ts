// The `srcdoc` of a sandbox frame (DESIGN.md §8.3). Pure: a string in, a string out.
// What is ours comes first and cannot be undone by what follows: the CSP `<meta>` (nothing loads or
// runs before it), the referrer policy, the bridge, the base styles and the theme. Then the model's
// CSS, its markup, and its scripts. The model's text is placed verbatim except for the few
// sequences that would end or swallow the element it is placed in.

import { readableTextOn } from '../../widget/ui/contrast';
import { isSandboxOrigin, SANDBOX_ALLOW_DIRECTIVES, type SandboxAllowKind, type SandboxPolicy, type SandboxProps } from './policy';

/** The host's look, as the frame gets it. */
export interface SandboxTheme {
  /** `#rgb` or `#rrggbb`. */
  readonly accent: string;
  readonly mode: 'light' | 'dark';
  /** A CSS `font-family` list of names (`"Segoe UI", Roboto, sans-serif`). Default: the system UI font. */
  readonly font?: string;
  /**
   * The host page's own `:root` custom properties (`[name, value]`, as `getComputedStyle` gives
   * them), put on the frame's `:root` before the theme's: only those {@link hostVarsCss} keeps.
   */
  readonly vars?: readonly (readonly [string, string])[];
}

/**
 * The default policy: inline scripts and styles run (they are the view), `data:`/`blob:` images,
 * fonts and media work, and nothing else loads, connects, frames, posts or rebases.
 */
export const SANDBOX_CSP: ReadonlyArray<readonly [string, string]> = Object.freeze([
  ['default-src', "'none'"],
  ['script-src', "'unsafe-inline'"],
  ['style-src', "'unsafe-inline'"],
  ['img-src', 'data: blob:'],
  ['font-src', 'data:'],
  ['media-src', 'data: blob:'],
  ['connect-src', "'none'"],
  ['frame-src', "'none'"],
  ['worker-src', "'none'"],
  ['object-src', "'none'"],
  ['form-action', "'none'"],
  ['base-uri', "'none'"],
] as const);

/** The custom properties the theme sets on the frame's `:root`, for views (and prompts) to use. */
export const SANDBOX_THEME_VARS = Object.freeze([
  '--sandbox-accent',
  '--sandbox-accent-text',
  '--sandbox-bg',
  '--sandbox-fg',
  '--sandbox-muted',
  '--sandbox-border',
  '--sandbox-font',
] as const);

const PALETTE = {
  light: ['#ffffff', '#111827', '#6b7280', '#e5e7eb'],
  dark: ['#111827', '#f3f4f6', '#9ca3af', '#374151'],
} as const;

const SYSTEM_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const BASE_CSS =
  '*,*::before,*::after{box-sizing:border-box}' +
  // flow-root: the body's height includes its children's margins, which the bridge measures.
  'body{margin:0;display:flow-root;font:14px/1.5 var(--sandbox-font);color:var(--sandbox-fg);background:var(--sandbox-bg);overflow-wrap:anywhere}' +
  'button,input,select,textarea{font:inherit}img,svg,canvas,video{max-width:100%}';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Quoted names or space-separated identifiers, comma-separated: no `;`, `}`, `<`, `\` or `(` can end the declaration. */
const FONT_NAME = `(?:"[\\p{L}\\p{N} _-]+"|'[\\p{L}\\p{N} _-]+'|[\\p{L}_-][\\p{L}\\p{N}_-]*(?: [\\p{L}_-][\\p{L}\\p{N}_-]*)*)`;
const FONT = new RegExp(`^${FONT_NAME}(?: *, *${FONT_NAME})*$`, 'u');


/** The host's custom properties a frame gets at most, and their longest value in UTF-16 units. */
export const HOST_VARS_LIMITS = Object.freeze({ count: 256, chars: 200 });
const VAR_NAME = /^--[\w-]{1,64}$/;

/**
 * Whether a custom property's value stays inside its declaration: no `;`, braces, `<`, `>`, `\`,
 * `!`, line break or comment, and its strings and brackets close, in order (an open `(`, `[` or
 * string would carry on over what follows it).
 */
function staysInDeclaration(value: string): boolean {
  if (value.length > HOST_VARS_LIMITS.chars || /[;{}<>\\!\n\r\f]|\/\*/.test(value)) return false;
  const open: string[] = [];
  for (const c of value) {
    const top = open[open.length - 1];
    if (top == '"' || top == "'") c == top && open.pop();
    else if ('"\'(['.includes(c)) open.push(c);
    else if (')]'.includes(c) && open.pop() != (c == ')' ? '(' : '[')) return false;
  }
  return !open.length;
}

/**
 * The host page's `:root` custom properties as declarations (`--a:1px;--b:red;`): custom property
 * names of word characters only, values that {@link staysInDeclaration} and are not blank, at most
 * {@link HOST_VARS_LIMITS}`.count` of them. The rest are left out.
 */
export function hostVarsCss(vars: readonly (readonly [string, string])[] = []): string {
  return vars
    .filter(([name, value]) => VAR_NAME.test(name) && typeof value == 'string' && value.trim() && staysInDeclaration(value))
    .slice(0, HOST_VARS_LIMITS.count)
    .map(([name, value]) => `${name}:${value.trim()};`)
    .join('');
}

/**
 * The `:root` rule of the theme: the host page's own custom properties first, then the theme's
 * `--sandbox-*` (which win over a host property of the same name). The values are the host's, but
 * they land in CSS, so they are checked all the same: a colour is hex only, a font a list of names
 * (a `TypeError` otherwise), a host property is left out unless it stays inside its declaration.
 */
export function sandboxThemeCss({ accent, mode, font = SYSTEM_FONT, vars }: SandboxTheme): string {
  if (typeof accent != 'string' || !HEX.test(accent)) throw new TypeError('sandbox theme: accent must be a hex colour such as #2563eb');
  if (mode !== 'light' && mode !== 'dark') throw new TypeError("sandbox theme: mode must be 'light' or 'dark'");
  if (typeof font != 'string' || font.length > 200 || !FONT.test(font)) {
    throw new TypeError('sandbox theme: font must be a font-family list of names, such as "Segoe UI", sans-serif');
  }
  const [bg, fg, muted, border] = PALETTE[mode];
  const values = [accent, readableTextOn(accent), bg, fg, muted, border, font];
  return `:root{color-scheme:${mode};${hostVarsCss(vars)}${SANDBOX_THEME_VARS.map((name, i) => `${name}:${values[i]}`).join(';')}}`;
}

/**
 * The CSP of a view: {@link SANDBOX_CSP}, each directive widened by its `policy.allow` list (which
 * replaces `'none'`). Every origin is checked again here, since it becomes a token of the policy;
 * a policy that did not come from `validateSandboxPolicy` and holds anything else throws.
 */
export function sandboxCsp(policy: SandboxPolicy): string {
  const kinds = Object.entries(SANDBOX_ALLOW_DIRECTIVES).map(([kind, directive]) => [directive, kind as SandboxAllowKind]);
  const byDirective = Object.fromEntries(kinds) as Record<string, SandboxAllowKind>;
  return SANDBOX_CSP.map(([directive, sources]) => {
    const kind = byDirective[directive];
    const extra = (kind && policy.allow[kind]) || [];
    for (const origin of extra) if (!isSandboxOrigin(origin)) throw new TypeError(`sandbox policy: ${JSON.stringify(origin)} is not an allowed origin`);
    if (!extra.length) return `${directive} ${sources}`;
    return `${directive} ${sources == "'none'" ? '' : sources + ' '}${extra.join(' ')}`;
  }).join('; ');
}

/**
 * Script text. In a `<script>`, `</script` ends the element wherever it stands, and `<!--` enters
 * the "escaped" states in which a later `<script` makes the real `</script>` not count (HTML
 * tokenizer, script data states); nothing else can end the element. Their `<` becomes `\x3C`,
 * which is the same character inside a string, template or regular-expression literal (the `u` and
 * `v` flags included) and changes nothing in a comment: the only places these sequences occur in
 * working code. Elsewhere (`a </script/.x`, an HTML-like `<!--` comment) the result is a
 * SyntaxError in the model's own script, never text outside it. `-->` and `<script` need nothing
 * once `<!--` is gone (they only matter in the escaped states), and `<script` is also working code
 * (`i<scripts.length`), so both stay.
 */
export const scriptText = (code: string): string => code.replace(/<(?=\/script|!--)/gi, '\\x3C');

/**
 * Style text. A `<style>` is raw text: only `</style` ends it, and `<!--`, `-->` and `<script` mean
 * nothing there. `<` is written `\3C` before `/`, `!`, `script` and `style` (the CSS escape of the
 * same character in strings, URLs and identifiers; none of these follows `<` in valid CSS
 * elsewhere), so every closing tag is covered whatever its name or spacing, and the style holds
 * nothing that reads as a tag. `<` in `@media (400px < width)` stays.
 */
export const styleText = (css: string): string => css.replace(/<(?=[/!]|script|style)/gi, '\\3C');

const attr = (value: string): string => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** CSP3's base64-value, the only form a `'nonce-…'` source takes: nothing in it can leave the attribute. */
const CSP_NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;
export const isCspNonce = (nonce: string | undefined): nonce is string => !!nonce && CSP_NONCE.test(nonce);

/**
 * ` nonce="…"` for the page's CSP nonce, when one is configured. A `srcdoc` frame inherits the
 * page's CSP on top of its own: under `script-src 'nonce-…'` (or `style-src`) no inline script (or
 * style) runs in it without that nonce (README, "Strict CSP, nonces and Trusted Types", says why
 * giving it to our elements is safe). A value that is not a nonce is not written: those elements
 * then stay blocked, as without one.
 */
export const nonceAttr = (nonce?: string): string => (isCspNonce(nonce) ? ` nonce="${nonce}"` : '');

/** A classic script of ours, with the page's nonce when there is one. */
export const scriptTag = (code: string, nonce?: string): string => `<script${nonceAttr(nonce)}>${scriptText(code)}</script>`;

/**
 * Builds the `srcdoc` of a view from validated props and policy, the host's theme and the bridge
 * (host code, escaped the same way). Order: the CSP `<meta>` (the first element of `<head>`: a
 * srcdoc is already text, so there is no `<meta charset>`), the referrer policy, the bridge, the
 * base styles, the theme (`<style data-sandbox="theme">`, which the bridge replaces when the theme
 * changes), the model's CSS; then in `<body>` its markup, `jsFunctions` and each `jsExpressions`
 * entry as its own classic script. `<!---->` after the markup closes a comment the markup left open
 * (and is an empty comment otherwise), so it cannot swallow the scripts after it. `packScript`
 * (host code too: the capability packs' functions, packs/frame-script.ts) is the second script,
 * right after the bridge, so the functions exist before any code of the model runs. `nonce` (the
 * page's, when the owner configured one) goes on every one of these scripts and styles, and only on
 * them: a `<script>`, a `<style>`, a `style` or an event handler attribute in the model's markup
 * gets none.
 */
export function buildSandboxDocument(props: SandboxProps, policy: SandboxPolicy, theme: SandboxTheme, bridgeScript: string, packScript?: string, nonce?: string): string {
  const script = (code: string) => scriptTag(code, nonce);
  const n = nonceAttr(nonce);
  const head =
    `<meta http-equiv="Content-Security-Policy" content="${attr(sandboxCsp(policy))}">` +
    '<meta name="referrer" content="no-referrer">' +
    script(bridgeScript) +
    (packScript ? script(packScript) : '') +
    `<style${n}>${BASE_CSS}</style><style data-sandbox="theme"${n}>${sandboxThemeCss(theme)}</style>` +
    (props.css ? `<style${n}>${styleText(props.css)}</style>` : '');
  const scripts = [props.jsFunctions ?? '', ...(props.jsExpressions ?? [])].filter((code) => code.trim()).map(script);
  return `<!doctype html><html><head>${head}</head><body>${props.html ?? ''}<!---->${scripts.join('')}</body></html>`;
}
