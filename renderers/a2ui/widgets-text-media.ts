// The catalog's widgets that show content (widgets.ts): Text, Image, Video, AudioPlayer and Icon.

import { h } from '../../widget/ui/dom';
import { iconPath, iconSvg } from './icons';
import { inlineText } from './inline-text';
import { fill } from './strings';
import type { Widget } from './view';
import { a11y, oneOf } from './widget-helpers';

export function textWidget(): Widget {
  const el = h('p', { class: 'a2-text', dir: 'auto' });
  let shown: string | undefined;
  return {
    el,
    update(ctx) {
      const variant = oneOf(ctx.str('variant'), ['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body'] as const, 'body');
      el.dataset.variant = variant;
      if (variant.startsWith('h')) el.setAttribute('role', 'heading'), el.setAttribute('aria-level', variant.slice(1));
      else el.removeAttribute('role'), el.removeAttribute('aria-level');
      const value = ctx.str('text');
      if (value !== shown) el.replaceChildren(...inlineText((shown = value)));
    },
  };
}

/** Image, Video, AudioPlayer: loaded only from origins the owner allows; else their description, as text. */
export function media(kind: 'img' | 'video' | 'audio'): () => Widget {
  return () => {
    const el = h('div', { class: `a2-media a2-${kind}` });
    let shownUrl: string | undefined;
    let player: HTMLImageElement | HTMLMediaElement | null = null;
    return {
      el,
      update(ctx) {
        const url = ctx.str('url');
        const description = ctx.str('description') || a11y(ctx, 'label');
        const name = kind === 'img' ? ctx.strings.image : kind === 'video' ? ctx.strings.video : ctx.strings.audio;
        el.dataset.variant = oneOf(ctx.str('variant'), ['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header'] as const, 'mediumFeature');
        el.dataset.fit = oneOf(ctx.str('fit'), ['contain', 'cover', 'fill', 'none', 'scaleDown'] as const, 'fill');
        if (url !== shownUrl) {
          shownUrl = url;
          let allowed = false;
          try {
            allowed = !!url && ctx.media(new URL(url).href);
          } catch {}
          if (allowed) {
            player = kind === 'img' ? h('img', { loading: 'lazy', referrerpolicy: 'no-referrer', decoding: 'async' }) : h(kind, { controls: true, preload: 'none', referrerpolicy: 'no-referrer' });
            player.src = url;
            el.replaceChildren(player);
          } else {
            player = null;
            el.replaceChildren(h('span', { class: 'a2-blocked' }, [fill(ctx.strings.blocked, { x: name }) + (description ? `: ${description}` : '')]));
          }
        }
        if (player instanceof HTMLImageElement) player.alt = description;
        else if (player) player.setAttribute('aria-label', description || name);
        if (kind === 'audio' && player && description) el.dataset.caption = description;
      },
    };
  };
}

export function iconWidget(): Widget {
  const el = h('span', { class: 'a2-icon' });
  let shown: string | null | undefined;
  return {
    el,
    update(ctx) {
      const name = ctx.get('name');
      const path = iconPath(name);
      if (path !== shown) el.replaceChildren(...((shown = path) ? [iconSvg(path)] : []));
      const label = a11y(ctx, 'label');
      if (label) el.setAttribute('role', 'img'), el.setAttribute('aria-label', label);
      else el.removeAttribute('role'), el.removeAttribute('aria-label');
      el.hidden = !path;
    },
  };
}
