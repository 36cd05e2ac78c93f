// What a rendered answer may contain, as data, and why nothing else may. markdown-dom.ts
// builds every node itself from marked's tokens, naming only these tags and attributes; model
// text is only ever text (raw HTML in markdown is shown as the literal text the model wrote).
// The tests hold every render to these lists, in jsdom and in the browser.

const freeze = Object.freeze;

/**
 * Elements a render may hold. Never one of these, notably:
 * `script`, `style` (CSS exfiltration / UI redress), `iframe`, `object`, `embed`
 * (foreign documents and plugins), `form`, `input`, `button`, `textarea`,
 * `select` (phishing forms inside a trusted page), `svg`, `math`
 * (namespace-confusion mutation XSS, e.g. DOMPurify 2.0.1 / CVE-2019-16728),
 * `template`, `noscript` (mXSS through re-parsing), `link`, `meta`, `base`
 * (stylesheet injection, refresh redirects, rebasing every relative URL),
 * `audio`, `video`, `source` (network requests and autoplay),
 * `details`/`summary` (`<details open ontoggle>` fires without interaction, and
 * an open/close toggle can hide text from the visitor).
 */
export const ALLOWED_TAGS: readonly string[] = freeze([
  // Block structure emitted by markdown: no attributes, no URLs.
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li',
  // Inline formatting: text-only containers.
  'strong', 'em', 'del', 'code', 'pre',
  // GFM tables: the only attribute kept is a checked `align` keyword.
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
  // Links and images: URLs are checked by scheme in the attribute hook.
  'a', 'img',
  // `span` stands in for images not loaded; `div` is a rich block's placeholder (its class and
  // type are ours). Neither carries a model-written attribute, so neither can mimic the
  // widget's own UI classes.
  'span', 'div',
]);

/**
 * Attributes a render may set, per element. An attribute allowed on one element
 * never appears on another (e.g. `src` on `a`, `href` on `img`). Never allowed:
 * `id`, `name` (DOM clobbering of `document.x` / `form.x` lookups in the host
 * page and in this widget), `style` (CSS injection, overlaying the host UI),
 * `on*` (script), `srcset` (a second, unchecked image URL list), `data-*`
 * and `aria-*` (the widget's own behaviour and accessibility hooks),
 * `target`/`rel` from the model (we set them ourselves on every link).
 */
export const ATTRIBUTES_BY_TAG: Readonly<Record<string, readonly string[]>> = freeze({
  // `href` is checked against LINK_PROTOCOLS; `title` is plain text.
  a: freeze(['href', 'title']),
  // `src` is checked against IMAGE_PROTOCOLS; `alt`/`title` are plain text.
  img: freeze(['src', 'alt', 'title']),
  // Only `language-xxx` (ATTRIBUTE_VALUES.class): free class values could restyle a
  // model-written block to look like the widget's own controls.
  code: freeze(['class']),
  // Table alignment keyword (ATTRIBUTE_VALUES.align); a hint, not CSS.
  th: freeze(['align']),
  td: freeze(['align']),
  // Ordered-list start number (ATTRIBUTE_VALUES.start).
  ol: freeze(['start']),
});

/** Union of ATTRIBUTES_BY_TAG. */
export const ALLOWED_ATTR: readonly string[] = freeze([
  ...new Set(Object.values(ATTRIBUTES_BY_TAG).flat()),
]);

/**
 * Link schemes. Checked on the parsed, absolute URL (after character references such as
 * `java&#115;cript:` are decoded), so `javascript:`, `vbscript:`,
 * `data:` (HTML documents at an opaque origin, phishing), `blob:`, `file:` and
 * relative or protocol-relative (`//evil.example`) URLs are all dropped; the
 * link's text stays.
 */
export const LINK_PROTOCOLS: readonly string[] = freeze(['http:', 'https:', 'mailto:']);

/**
 * Image schemes: `https:` only. `http:` leaks the visitor's IP and the page over cleartext
 * (and is mixed content); `data:image/svg+xml` can carry script when opened
 * directly; relative URLs would hit the host site with its cookies. Which
 * origins may serve images at all is the owner's list (image-origins.ts).
 */
export const IMAGE_PROTOCOLS: readonly string[] = freeze(['https:']);

/**
 * Set on every kept link. `_blank` keeps the trusted page in place;
 * `noopener` stops reverse tabnabbing through `window.opener`, `noreferrer`
 * hides the host page's URL from the target, `nofollow` keeps model-written
 * links from borrowing the site's search reputation.
 */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer nofollow';

/**
 * Set on every kept image. `lazy` defers requests until the image is near the
 * viewport (a reply cannot fire hundreds of tracking requests at once),
 * `no-referrer` hides the host page's URL from the image server.
 */
export const IMAGE_ATTRIBUTES: Readonly<Record<string, string>> = freeze({
  loading: 'lazy',
  decoding: 'async',
  referrerpolicy: 'no-referrer',
});

/** Longest code-block language name kept in a class (longer ones are cut). */
export const LANGUAGE_MAX_CHARS = 32;

/**
 * Values allowed for the attributes of ATTRIBUTES_BY_TAG that are not URLs
 * (`href`/`src` are checked by scheme). A value that does not match is
 * dropped with its attribute; an attribute not listed here or as a URL is
 * plain text (`title`, `alt`).
 */
export const ATTRIBUTE_VALUES: Readonly<Record<string, RegExp>> = freeze({
  // Only a sanitized code language (see `languageClass`): no `bc-…` classes.
  class: /^language-[a-z0-9_+-]{1,32}$/,
  // Table cell alignment, as marked emits it.
  align: /^(?:left|center|right)$/,
  // `<ol start>`: a plain number.
  start: /^\d{1,9}$/,
});
