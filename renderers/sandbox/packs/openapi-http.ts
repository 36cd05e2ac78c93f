// The one network shell of the packs: an OpenAPI pack's request, made by the host page (never by
// the frame, whose CSP allows no connection) with the view's header parameters under the owner's
// headers (which always win: set last, a name the view gave is replaced), and its answer read as
// `{status, headers, body}` within the result cap (JSON parsed; anything else as text, its type in
// `headers`). The URL was built and checked under the
// pack's base URL (openapi-request.ts); a redirect is not followed (it could lead elsewhere, with the
// owner's headers), and the visitor's cookies are not sent (the owner's headers are the whole of
// the pack's authentication, as in the reference).

import type { ApiRequest, ApiSend } from './openapi-request';

/** `fetch`, replaceable in tests. */
export function httpSender(doFetch: typeof fetch = fetch): ApiSend {
  return async (request: ApiRequest, ownerHeaders, maxBytes, signal) => {
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(ownerHeaders)) headers.set(name, value);
    let body: string | FormData | undefined = request.body;
    if (request.fields) {
      // The browser writes the multipart boundary into Content-Type itself.
      body = new FormData();
      for (const [name, value] of request.fields) body.append(name, value);
      if (!Object.keys(ownerHeaders).some((name) => name.toLowerCase() == 'content-type')) headers.delete('Content-Type');
    } else if (body !== undefined && !Object.keys(ownerHeaders).some((name) => name.toLowerCase() == 'content-type')) headers.set('Content-Type', request.contentType ?? 'application/json');
    const response = await doFetch(request.url, {
      method: request.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      credentials: 'omit',
      redirect: 'manual',
      cache: 'no-store',
      signal,
    });
    if (response.type == 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.headers.has('Location'))) {
      throw new Error('the API answered with a redirect, which is not followed');
    }
    const text = await readText(response, maxBytes);
    const type = response.headers.get('Content-Type') ?? '';
    let answer: unknown = text;
    if (/^application\/(?:[\w.+-]*\+)?json\b/i.test(type) && text.trim()) {
      try {
        answer = JSON.parse(text);
      } catch {
        // Not what it said it was: the text as it came.
      }
    }
    return { status: response.status, headers: Object.fromEntries(response.headers), body: answer };
  };
}

/** The body as text, refusing (and cancelling the download) past `maxBytes`. */
async function readText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('Content-Length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new Error(`the response is ${declared} bytes, over the limit of ${maxBytes}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the response is over the limit of ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) all.set(chunk, (at += chunk.length) - chunk.length);
  return new TextDecoder().decode(all);
}
