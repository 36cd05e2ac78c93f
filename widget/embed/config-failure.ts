// Why the entry's config did not load, in words that say what to fix. The console is the site
// owner's only clue, and a browser hides a refused CORS answer behind a bare "network error":
// a `no-cors` probe of the same URL tells a server that answered (but not to this page's origin)
// from one that is not there at all.
import { BailingHttpError } from '../transport/errors';

/** What failed and what to change; `probe` resolves when the URL answers at all. */
export async function configFailure(error: unknown, probe: (url: string) => Promise<unknown>, origin = location.origin): Promise<string> {
  // The server's sentence ends in a full stop; what follows it here is more of the same line.
  const said = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  if (!(error instanceof BailingHttpError)) return said;
  // A 404 (or a page that is not the config) is most often a data-api that is not the chat server.
  if (error.status) return error.serverMessage && error.status != 404 ? said : `${said}; check data-api (the chat server's URL) and data-entry`;
  return probe(error.url).then(
    () => `${said}: it answered, but not to this page (CORS): add ${origin} to the entry's allowed origins, or check data-api`,
    () => `${said}: no answer; is the server up and data-api right?`,
  );
}
