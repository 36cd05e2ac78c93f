// What one A2UI block or activity may ask of the page, in one place (each cap stops a hostile or
// runaway surface from holding the page: a tree too deep to walk, a list of a million rows, a
// pattern that backtracks for ever). Past a cap the surface shows what fits and says what it left out.

/** Surfaces one block (or one activity) may hold. */
export const MAX_SURFACES = 8;
/** Messages read from one block or activity. */
export const MAX_MESSAGES = 500;
/** Components one surface may define. */
export const MAX_COMPONENTS = 1000;
/** Nesting of components, from the root. */
export const MAX_DEPTH = 32;
/** Elements one surface draws in all (templates multiply components). */
export const MAX_NODES = 1500;
/** Items a template draws from one list; the rest are counted in a note. */
export const MAX_LIST_ITEMS = 200;
/** Characters of one text shown. */
export const MAX_TEXT_CHARS = 10_000;
/** Nesting of a binding (function calls in function calls) and of a formatString expression. */
export const MAX_BINDING_DEPTH = 16;
/** Characters of a `regex` or `validationRegexp` pattern, and of the value it is tested on. */
export const MAX_PATTERN_CHARS = 200;
export const MAX_MATCHED_CHARS = 2000;
/** Characters of a model-drawn icon path (`{svgPath}`). */
export const MAX_SVG_PATH_CHARS = 4000;
/** Characters of an id (surface, component) and of a JSON Pointer. */
export const MAX_ID_CHARS = 200;
