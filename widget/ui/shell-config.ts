// How an entry's config shows: in the frame (applyFrameConfig, before the panel is built) its side,
// offsets, size, accent colour and focus rings and launcher icon; in the panel (Shell.applyConfig)
// its title, avatar, AI notice and powered-by line. Config values are checked here: a colour must
// be plain hex, a number is clamped, an image must be the hub's.

import type { WidgetConfig } from '../types';
import { MAX_HEIGHT, MAX_OFFSET, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH } from '../contract';
import { h } from './dom';
import { hubAssetUrl } from './hub-asset';
import type { Strings } from './i18n/i18n';
import { luminance, readableTextOn } from './contrast';

/** The frame's elements that the config changes. */
export interface ConfigurableFrame {
  host: HTMLElement;
  root: HTMLElement;
  launcher: HTMLElement;
}

/** The panel's elements that the config changes. */
export interface Configurable {
  root: HTMLElement;
  title: HTMLElement;
  avatar: HTMLImageElement;
  notice: HTMLElement;
  powered: HTMLElement;
}

/** The URL of the config's image `field` when it is the hub's; else null (`warn` says why). */
function image(config: WidgetConfig, field: 'avatar' | 'launcher_icon', hubBase: string, warn: (message: string) => void): string | null {
  if (!config[field]) return null;
  const r = hubAssetUrl(config[field], hubBase);
  if ('url' in r) return r.url;
  warn(`config ${field} ${r.refused}; not shown`);
  return null;
}

/** `hubBase`: what hub-relative image paths resolve against; `warn` names a refused field. */
export function applyFrameConfig({ host, root, launcher }: ConfigurableFrame, config: WidgetConfig, hubBase: string, warn: (message: string) => void): void {
  root.setAttribute('data-position', config.position === 'left' ? 'left' : 'right');
  const style = root.style;
  if (isCssColor(config.color)) {
    const lum = luminance(config.color);
    host.style.setProperty('--bailing-accent', config.color);
    host.style.setProperty('--bailing-accent-text', readableTextOn(config.color));
    // The focus ring in each theme: the accent where it stands out 3:1 from the panel (white,
    // #111827), else the link colour (styles.ts --bc-ring).
    if (1.05 / (lum + 0.05) >= 3) host.style.setProperty('--bc-ring-l', config.color);
    if ((lum + 0.05) / 0.0603 >= 3) host.style.setProperty('--bc-ring-d', config.color);
  }
  style.setProperty('--bc-offset-x', `${clamp(config.offset_x, 0, MAX_OFFSET, 24)}px`);
  style.setProperty('--bc-offset-y', `${clamp(config.offset_y, 0, MAX_OFFSET, 24)}px`);
  style.setProperty('--bc-width', `${clamp(config.width, MIN_WIDTH, MAX_WIDTH, 400)}px`);
  style.setProperty('--bc-height', `${clamp(config.height, MIN_HEIGHT, MAX_HEIGHT, 640)}px`);
  const iconUrl = image(config, 'launcher_icon', hubBase, warn);
  if (iconUrl) launcher.firstChild!.replaceWith(h('img', { src: iconUrl, alt: '', referrerpolicy: 'no-referrer' }));
}

/** `hubBase`: what hub-relative image paths resolve against; `warn` names a refused field. */
export function applyConfig({ root, title, avatar, notice, powered }: Configurable, s: Strings, config: WidgetConfig, hubBase: string, warn: (message: string) => void): void {
  title.textContent = config.title || s.defaultTitle;
  root.setAttribute('data-title-align', config.title_align === 'center' ? 'center' : 'left');
  root.setAttribute('data-resizable', String(!!config.resizable));
  const avatarUrl = image(config, 'avatar', hubBase, warn);
  if (avatarUrl) {
    avatar.src = avatarUrl;
    avatar.hidden = false;
  }
  notice.textContent = config.ai_notice === true ? s.aiNotice : config.ai_notice || '';
  notice.hidden = !notice.textContent;
  powered.textContent = config.powered_by_text || '';
  powered.hidden = !(config.powered_by_visible && config.powered_by_text);
}

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Only plain hex colours from config: a config string never becomes arbitrary CSS. */
export function isCssColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}
