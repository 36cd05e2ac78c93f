// Where the bench gets BailingHub's own widget (web/widget/widget.js of github.com/bailinghub/bailinghub),
// the second peer: never kept in this repository. In order: HUB_WIDGET_JS if set; else the cache
// bench/.cache/hub-widget-<version>.js (gitignored); else a download of the pinned commit into that
// cache, checked against its SHA-256. When none works, one line says what to set and where to get
// it, and the bench runs without that peer.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The release measured: tag v0.3.4, whose widget.js is unchanged at the repository's HEAD of 2026-08-18. */
export const HUB_WIDGET = {
  version: 'v0.3.4',
  commit: '68148a7b75066aef77d4c957aa23a5ac12b4b6a5',
  sha256: '70b7eab3a0fd47c3eed6557407e6e1842557d556c5f176c26697272670d5eec7',
} as const;

export const HUB_WIDGET_URL = `https://raw.githubusercontent.com/bailinghub/bailinghub/${HUB_WIDGET.commit}/web/widget/widget.js`;

export interface HubWidgetFile {
  path: string;
  /** Where it came from, for the log and the results: `HUB_WIDGET_JS`, `cache` or `download`. */
  source: 'HUB_WIDGET_JS' | 'cache' | 'download';
  /** The pinned release when the file is byte for byte the pinned one, else `custom`. */
  version: string;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const versionOf = (bytes: Buffer): string => (sha256(bytes) === HUB_WIDGET.sha256 ? HUB_WIDGET.version : 'custom');

/** The hub widget's file, or null (after one line on the console) when there is none to be had. */
export async function locateHubWidget(rootDir: string, log: (line: string) => void): Promise<HubWidgetFile | null> {
  const fromEnv = process.env.HUB_WIDGET_JS;
  if (fromEnv) {
    if (existsSync(fromEnv)) return { path: fromEnv, source: 'HUB_WIDGET_JS', version: versionOf(readFileSync(fromEnv)) };
    log(`hub widget: HUB_WIDGET_JS=${fromEnv} does not exist; running without the hub widget.`);
    return null;
  }
  const cache = join(rootDir, 'bench/.cache', `hub-widget-${HUB_WIDGET.version}.js`);
  if (existsSync(cache) && sha256(readFileSync(cache)) === HUB_WIDGET.sha256) return { path: cache, source: 'cache', version: HUB_WIDGET.version };
  try {
    const response = await fetch(HUB_WIDGET_URL, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (sha256(bytes) !== HUB_WIDGET.sha256) throw new Error('the file is not the pinned one (SHA-256 differs)');
    mkdirSync(join(rootDir, 'bench/.cache'), { recursive: true });
    writeFileSync(cache, bytes);
    return { path: cache, source: 'download', version: HUB_WIDGET.version };
  } catch (error) {
    const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    log(`hub widget: not measured (${why}). Set HUB_WIDGET_JS=/path/to/widget.js, or put ${HUB_WIDGET_URL} at bench/.cache/hub-widget-${HUB_WIDGET.version}.js.`);
    return null;
  }
}
