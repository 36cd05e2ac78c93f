// What a diagram's SVG may keep (svg-policy.ts): everything else is removed. Read from what
// Mermaid 12.3 emits for flowchart, sequence, class, state, gantt and pie diagrams (and ER,
// journey, mindmap, timeline, gitGraph, quadrant and xychart, which use nothing more), plus the
// basic shapes a new Mermaid release might draw them with. Names are lower case: the HTML parser
// restores the case of most SVG names (`foreignObject`) but not all (`feDropShadow`).

/** SVG elements. None of them fetches, runs script or animates an attribute (no image, use with an outside href, feImage, a, script, animate, set). */
export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'desc', 'title', 'style', 'symbol', 'switch', 'marker', 'foreignobject',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'lineargradient', 'radialgradient', 'stop', 'clippath',
  'filter', 'fedropshadow', 'fegaussianblur', 'feoffset', 'feflood', 'fecomposite', 'femerge', 'femergenode', 'feblend',
]);

/**
 * HTML inside `<foreignObject>` labels: Mermaid's own wrappers and the formatting a label may use.
 * Mermaid's DOMPurify gets this list too (mermaid.ts), so a label's HTML is cut to it, without
 * attributes, before Mermaid draws it into the page. No `style` element: in HTML it would style
 * the whole widget.
 */
export const HTML_ELEMENTS: readonly string[] = Object.freeze(['div', 'span', 'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'sub', 'sup', 'small', 'code']);

/** SVG attributes. Values are checked too: any of them may hold CSS, so none may hold a load (css-policy.ts). */
export const SVG_ATTRIBUTES: ReadonlySet<string> = new Set([
  'id', 'class', 'style', 'role', 'name', 'aria-label', 'aria-labelledby', 'aria-describedby', 'aria-roledescription', 'aria-hidden',
  'xmlns', 'xmlns:xlink', 'xml:space', 'viewbox', 'preserveaspectratio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'dx', 'dy', 'd', 'points', 'transform', 'transform-origin', 'overflow', 'opacity', 'visibility',
  'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'clip-path', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'filter', 'flood-color', 'flood-opacity', 'stddeviation',
  'in', 'in2', 'result', 'mode', 'operator', 'marker-start', 'marker-mid', 'marker-end', 'markerwidth', 'markerheight', 'markerunits',
  'refx', 'refy', 'orient', 'gradientunits', 'gradienttransform', 'offset', 'stop-color', 'stop-opacity', 'text-anchor',
  'dominant-baseline', 'alignment-baseline', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-decoration',
  'textlength', 'lengthadjust', 'data-id', 'data-et', 'data-look', 'data-edge', 'data-points', 'data-type', 'data-from', 'data-to',
  // Only as a `#fragment` of this document (svg-policy.ts); no element kept here needs them today.
  'href', 'xlink:href',
]);

/** Attributes of the HTML elements: Mermaid's label wrappers carry a class and a style, nothing else. */
export const HTML_ATTRIBUTES: ReadonlySet<string> = new Set(['class', 'style', 'xmlns']);
