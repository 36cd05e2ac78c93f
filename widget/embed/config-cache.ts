// The entry's last config, kept on the host's origin so a returning visitor's launcher appears at
// once, before the config request answers. The request still goes out every time (the browser
// revalidates it with the server's ETag); what it answers replaces the kept copy, and the widget
// is drawn again only when it differs (a new look, or the entry turned off). Pure but for the
// storage it is given.
import { readString, writeString } from '../conversation/history';
import type { WidgetConfig } from '../types';

/** Larger configs are not kept (a config is a few hundred characters; this bounds a hostile one). */
export const MAX_CACHED_CONFIG = 16 * 1024;

const keyOf = (entry: string) => `bailing_config_${entry}`;

/** What is kept: the config as the server sent it, and which server sent it. */
interface Kept {
  api: string;
  config: Partial<WidgetConfig>;
}

/** The config kept for `entry` from `api`, or null (none, another server's, or unreadable). */
export function readCachedConfig(storage: Storage | null, api: string, entry: string): Partial<WidgetConfig> | null {
  try {
    const kept = JSON.parse(readString(storage, keyOf(entry)) ?? 'null') as Kept | null;
    return kept && kept.api === api && kept.config && typeof kept.config == 'object' && !Array.isArray(kept.config) ? kept.config : null;
  } catch {
    return null;
  }
}

/** Keeps `config` for the next page load (best effort; an oversized one removes the kept copy). */
export function writeCachedConfig(storage: Storage | null, api: string, entry: string, config: Partial<WidgetConfig>): void {
  const text = JSON.stringify({ api, config } satisfies Kept);
  writeString(storage, keyOf(entry), text.length <= MAX_CACHED_CONFIG ? text : null);
}

/** Whether two configs draw the same widget (the same fields with the same values, in any order). */
export function sameConfig(a: Partial<WidgetConfig>, b: Partial<WidgetConfig>): boolean {
  const canonical = (config: Partial<WidgetConfig>) => JSON.stringify(Object.entries(config).sort(([x], [y]) => (x < y ? -1 : 1)));
  return canonical(a) === canonical(b);
}
