// The server's origin as the visitor's browser reaches it, for absolute URLs in answers (upload
// links, the demo's files). Only a well-formed Host header is used: anything else could make us
// write links to another site into a visitor's conversation.
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-fA-F:]+\](?::\d{1,5})?$/;

export function publicOrigin(host: string | undefined, fallbackOrigin: string): string {
  return host && HOST.test(host) ? `http://${host}` : fallbackOrigin;
}
