// The document an MCP App view runs as: the server's HTML (a whole HTML5 document, as the spec
// asks), after a head of ours that nothing in it can undo. Pure: a string in, a string out.
//
// What goes first: our doctype (standards mode whatever the server's HTML starts with: a second
// doctype is a parse error the parser ignores), then the CSP `<meta>` and the referrer policy.
// Before `<html>`/`<head>` those open the head implicitly, so they are its first elements and
// govern everything after them; the server's own `<html>`, `<head>` and doctype that follow are
// merged or ignored by the HTML parser. Its scripts are never touched: the view is the server's.

/** Where a view's HTML may come from: a resource's `text`, or its base64 `blob`. Null when neither. */
export function resourceHtml(content: unknown): string | null {
  if (!content || typeof content != 'object') return null;
  const { text, blob } = content as { text?: unknown; blob?: unknown };
  if (typeof text == 'string') return text;
  if (typeof blob != 'string') return null;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(blob), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

const attr = (value: string): string => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The view's document: our head (CSP first), then the server's HTML as it came. */
export const viewDocument = (html: string, csp: string): string =>
  `<!doctype html><meta http-equiv="Content-Security-Policy" content="${attr(csp)}"><meta name="referrer" content="no-referrer">${html}`;
