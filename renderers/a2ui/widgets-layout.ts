// The catalog's widgets that lay out others (widgets.ts): Row, Column, List, Card, Tabs, Modal and Divider.

import { h } from '../../widget/ui/dom';
import { text } from './bindings';
import type { Widget } from './view';
import { newId, oneOf, setText, sync } from './widget-helpers';

/** Row and Column: flex boxes (no spacing of their own: the leaves carry it, as the guide asks). */
export function flexWidget(direction: 'row' | 'column'): () => Widget {
  return () => {
    const el = h('div', { class: `a2-flex a2-${direction}` });
    return {
      el,
      update(ctx) {
        el.dataset.justify = oneOf(ctx.str('justify'), ['start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly', 'stretch'] as const, 'start');
        el.dataset.align = oneOf(ctx.str('align'), ['start', 'center', 'end', 'stretch'] as const, 'stretch');
        sync(el, ctx.children(ctx.def.children));
      },
    };
  };
}

export function listWidget(): Widget {
  const el = h('div', { class: 'a2-list', role: 'list' });
  const items = new WeakMap<HTMLElement, HTMLElement>();
  return {
    el,
    update(ctx) {
      el.dataset.direction = oneOf(ctx.str('direction'), ['vertical', 'horizontal'] as const, 'vertical');
      el.dataset.align = oneOf(ctx.str('align'), ['start', 'center', 'end', 'stretch'] as const, 'stretch');
      const children = ctx.children(ctx.def.children);
      sync(el, children.map((child) => {
        let item = items.get(child);
        if (!item) items.set(child, (item = h('div', { class: 'a2-item', role: 'listitem' })));
        sync(item, [child]);
        return item;
      }));
    },
  };
}

export function cardWidget(): Widget {
  const el = h('div', { class: 'a2-card' });
  return { el, update: (ctx) => sync(el, [ctx.child(ctx.def.child)].filter((c): c is HTMLElement => !!c)) };
}

export function tabsWidget(): Widget {
  const el = h('div', { class: 'a2-tabs' });
  const list = h('div', { class: 'a2-tablist', role: 'tablist' });
  const panel = h('div', { class: 'a2-tabpanel', role: 'tabpanel', id: newId() });
  el.append(list, panel);
  let selected = 0;
  let redraw = () => {};
  const tabs: HTMLButtonElement[] = [];
  list.addEventListener('keydown', (e) => {
    const at = tabs.indexOf(e.target as HTMLButtonElement);
    if (at < 0) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    const to = step ? (at + step + tabs.length) % tabs.length : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    selected = to;
    redraw();
    tabs[to]!.focus();
  });
  return {
    el,
    update(ctx) {
      const items = (Array.isArray(ctx.def.tabs) ? ctx.def.tabs : Array.isArray(ctx.def.tabItems) ? ctx.def.tabItems : []) as { title?: unknown; child?: unknown }[];
      redraw = () => {
        selected = Math.min(selected, Math.max(0, items.length - 1));
        while (tabs.length > items.length) tabs.pop()!.remove();
        items.forEach((item, i) => {
          let tab = tabs[i];
          if (!tab) {
            tabs.push((tab = h('button', { type: 'button', role: 'tab', class: 'a2-tab', id: newId(), 'aria-controls': panel.id })));
            tab.addEventListener('click', () => ((selected = tabs.indexOf(tab!)), redraw()));
            list.append(tab);
          }
          setText(tab, text(ctx.resolve(item?.title)));
          tab.setAttribute('aria-selected', String(i === selected));
          tab.tabIndex = i === selected ? 0 : -1;
        });
        const active = tabs[selected];
        if (active) panel.setAttribute('aria-labelledby', active.id);
        sync(panel, [ctx.child(items[selected]?.child)].filter((c): c is HTMLElement => !!c));
      };
      redraw();
    },
  };
}

export function modalWidget(): Widget {
  const el = h('div', { class: 'a2-modal' });
  const trigger = h('div', { class: 'a2-trigger' });
  const dialog = h('dialog', { class: 'a2-dialog' });
  const close = h('button', { type: 'button', class: 'a2-close' });
  const content = h('div', { class: 'a2-dialog-body' });
  dialog.append(close, content);
  el.append(trigger, dialog);
  // The trigger opens the dialog; its own action (a Button's) does not run (A2UI: the modal intercepts it).
  trigger.addEventListener('click', (e) => {
    e.stopPropagation();
    e.preventDefault();
    if (!dialog.open) dialog.showModal();
  }, { capture: true });
  close.addEventListener('click', () => dialog.close());
  // Escape closes the dialog (the browser's own), and only the dialog: not the chat panel around it.
  dialog.addEventListener('keydown', (e) => e.key === 'Escape' && e.stopPropagation());
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', (e) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) dialog.close();
  });
  return {
    el,
    update(ctx) {
      setText(close, '×');
      close.setAttribute('aria-label', ctx.strings.close);
      sync(trigger, [ctx.child(ctx.def.trigger ?? ctx.def.entryPointChild)].filter((c): c is HTMLElement => !!c));
      sync(content, [ctx.child(ctx.def.content ?? ctx.def.contentChild)].filter((c): c is HTMLElement => !!c));
    },
  };
}

export function dividerWidget(): Widget {
  const el = h('div', { class: 'a2-divider', role: 'separator' });
  return {
    el,
    update(ctx) {
      const axis = oneOf(ctx.str('axis'), ['horizontal', 'vertical'] as const, 'horizontal');
      el.dataset.axis = axis;
      el.setAttribute('aria-orientation', axis);
    },
  };
}
