// Image URLs from the hub's config (`avatar`, `launcher_icon`). The hub's console stores its own
// uploads as hub-relative paths (`/uploads/…`), which its widget resolves against the hub.

/**
 * `value` as an image URL, or why it is refused. A hub-relative path (`/…`) resolves against
 * `base` (the hub's base URL, `data-api` or the script's directory), and must stay on the hub's
 * origin; an absolute URL must be `https:`. Everything else is refused: `javascript:` and
 * `data:` (script or tracking pixels in the host page), protocol-relative `//…` (any host),
 * plain `http:` (mixed content, readable on the wire), relative paths without `/`.
 */
export function hubAssetUrl(value: string, base: string): { url: string } | { refused: string } {
  let url: URL | undefined;
  try {
    if (value.startsWith('/') && !value.startsWith('//')) {
      url = new URL(base + value);
      if (url.origin !== new URL(base).origin) url = undefined;
    } else {
      url = new URL(value);
      if (url.protocol !== 'https:') url = undefined;
    }
  } catch {}
  return url ? { url: url.href } : { refused: `must be an https: URL or a path on the hub starting with "/"; got "${value.slice(0, 80)}"` };
}
