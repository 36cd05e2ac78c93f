// The catalog's widgets the visitor acts on (widgets.ts): Button, TextField, CheckBox, ChoicePicker,
// Slider and DateTimeInput, each input with its label and the messages of its failing checks.

import { h } from '../../widget/ui/dom';
import { text } from './bindings';
import { dateOf } from './format-date';
import { safePattern } from './functions';
import type { Ctx, Widget } from './view';
import { a11y, newId, oneOf, setText, sync } from './widget-helpers';

/** A label and the messages of failing checks, shared by the inputs. */
function field(kind: string) {
  const id = newId();
  const el = h('div', { class: `a2-field a2-${kind}` });
  const label = h('label', { class: 'a2-label', for: id });
  const errors = h('div', { class: 'a2-errors', id: `${id}-e` });
  /** The visitor changed it (checks show from then on). */
  let touched = false;
  return {
    id,
    el,
    label,
    errors,
    touch: () => (touched = true),
    /** Shows what failed (after the visitor's first change), marks `input` invalid. */
    check(ctx: Ctx, input: HTMLElement, extra: string[] = []) {
      const failed = [...extra, ...ctx.failed()];
      const show = touched ? failed : [];
      sync(errors, show.map((m) => h('p', {}, [m])));
      input.setAttribute('aria-invalid', String(show.length > 0));
      if (show.length) input.setAttribute('aria-describedby', errors.id);
      else input.removeAttribute('aria-describedby');
    },
  };
}

export function buttonWidget(): Widget {
  const el = h('div', { class: 'a2-button' });
  const button = h('button', { type: 'button', class: 'a2-btn' });
  const why = h('p', { class: 'a2-why', id: newId() });
  el.append(button, why);
  let current: Ctx | undefined;
  button.addEventListener('click', () => {
    // The focus on the control the visitor used (Safari does not move it there on a click): the
    // consent rules look for the visitor's gesture where the focus is.
    button.focus({ preventScroll: true });
    if (current && !button.disabled) current.act(current.def.action, button);
  });
  return {
    el,
    update(ctx) {
      current = ctx;
      button.dataset.variant = oneOf(ctx.str('variant'), ['default', 'primary', 'borderless', 'secondary', 'text'] as const, 'default');
      sync(button, [ctx.child(ctx.def.child)].filter((c): c is HTMLElement => !!c));
      // A v0.8-style label, when there is no child.
      if (!button.childNodes.length && ctx.def.label !== undefined) button.textContent = ctx.str('label');
      const label = a11y(ctx, 'label');
      if (label) button.setAttribute('aria-label', label);
      const failed = ctx.failed();
      button.disabled = failed.length > 0;
      sync(why, failed.length ? [document.createTextNode(failed.join(' '))] : []);
      if (failed.length) button.setAttribute('aria-describedby', why.id);
      else button.removeAttribute('aria-describedby');
    },
  };
}

export function textFieldWidget(): Widget {
  const f = field('textfield');
  let input: HTMLInputElement | HTMLTextAreaElement | undefined;
  let kind = '';
  let path: string | null = null;
  let current: Ctx | undefined;
  let own = '';
  const onInput = () => {
    f.touch();
    own = input!.value;
    if (path) current?.write(path, input!.value);
    else if (current) check(current);
  };
  const check = (ctx: Ctx) => {
    const pattern = ctx.str('validationRegexp');
    const re = pattern ? safePattern(pattern) : null;
    f.check(ctx, input!, re && input!.value && !re.test(input!.value) ? [ctx.strings.invalidFormat] : []);
  };
  return {
    el: f.el,
    update(ctx) {
      current = ctx;
      const variant = oneOf(ctx.def.variant ?? ctx.def.textFieldType, ['shortText', 'longText', 'number', 'obscured', 'date'] as const, 'shortText');
      if (variant !== kind || !input) {
        kind = variant;
        const next = variant === 'longText' ? h('textarea', { rows: '3' }) : h('input', { type: variant === 'number' ? 'number' : variant === 'obscured' ? 'password' : variant === 'date' ? 'date' : 'text' });
        next.className = 'a2-input';
        next.id = f.id;
        next.addEventListener('input', onInput);
        if (input) input.replaceWith(next);
        else f.el.append(f.label, next, f.errors);
        input = next;
        if (variant === 'obscured') input.setAttribute('autocomplete', 'off');
        if (variant === 'number') input.setAttribute('inputmode', 'decimal');
      }
      setText(f.label, ctx.str('label'));
      const prop = ctx.def.value !== undefined ? 'value' : 'text';
      path = ctx.bound(prop);
      const value = path || ctx.def[prop] !== undefined ? ctx.str(prop) : own;
      if (input.value !== value && !(document.activeElement === input && !path)) input.value = value;
      const placeholder = ctx.str('placeholder');
      if (placeholder) input.placeholder = placeholder;
      check(ctx);
    },
  };
}

export function checkBoxWidget(): Widget {
  const f = field('checkbox');
  const input = h('input', { type: 'checkbox', class: 'a2-check', id: f.id });
  f.el.append(input, f.label, f.errors);
  let current: Ctx | undefined;
  input.addEventListener('change', () => {
    f.touch();
    const path = current?.bound('value');
    if (path) current!.write(path, input.checked);
    else if (current) f.check(current, input);
  });
  return {
    el: f.el,
    update(ctx) {
      current = ctx;
      setText(f.label, ctx.str('label'));
      if (ctx.def.value !== undefined || ctx.def.checked !== undefined) input.checked = ctx.get(ctx.def.value !== undefined ? 'value' : 'checked') === true;
      f.check(ctx, input);
    },
  };
}

export function choicePickerWidget(): Widget {
  const el = h('fieldset', { class: 'a2-field a2-choices' });
  const legend = h('legend', { class: 'a2-label' });
  const filter = h('input', { type: 'search', class: 'a2-input a2-filter' });
  const options = h('div', { class: 'a2-options' });
  const errors = h('div', { class: 'a2-errors', id: newId() });
  el.append(legend, filter, options, errors);
  const name = newId();
  const rows = new Map<string, { row: HTMLElement; input: HTMLInputElement | HTMLButtonElement; label: HTMLElement }>();
  let current: Ctx | undefined;
  let chosen: string[] = [];
  let touched = false;
  const choose = (value: string, on: boolean) => {
    touched = true;
    const single = current?.str('variant') !== 'multipleSelection' && current?.def.variant !== 'multipleSelection';
    chosen = single ? (on ? [value] : chosen.filter((v) => v !== value)) : on ? [...chosen.filter((v) => v !== value), value] : chosen.filter((v) => v !== value);
    const path = current?.bound('value') ?? current?.bound('selections');
    if (path) current!.write(path, chosen);
    else if (current) update(current);
  };
  filter.addEventListener('input', () => current && update(current));
  const update = (ctx: Ctx) => {
    current = ctx;
    const multiple = ctx.str('variant') === 'multipleSelection';
    const chips = ctx.str('displayStyle') === 'chips';
    el.dataset.style = chips ? 'chips' : 'checkbox';
    setText(legend, ctx.str('label'));
    filter.hidden = ctx.get('filterable') !== true;
    filter.setAttribute('aria-label', ctx.strings.filter);
    const prop = ctx.def.value !== undefined ? 'value' : 'selections';
    if (ctx.def[prop] !== undefined) {
      const v = ctx.get(prop);
      chosen = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
    }
    const max = typeof ctx.get('maxAllowedSelections') === 'number' ? (ctx.get('maxAllowedSelections') as number) : Infinity;
    const q = filter.hidden ? '' : filter.value.trim().toLocaleLowerCase();
    const list = (Array.isArray(ctx.def.options) ? ctx.def.options : []) as { label?: unknown; value?: unknown }[];
    const els: HTMLElement[] = [];
    for (const option of list) {
      if (typeof option?.value !== 'string') continue;
      const value = option.value;
      const label = text(ctx.resolve(option?.label)) || value;
      const key = `${chips ? 'c' : multiple ? 'm' : 's'}:${value}`;
      let row = rows.get(key);
      if (!row) {
        if (chips) {
          const input = h('button', { type: 'button', class: 'a2-chip' });
          input.addEventListener('click', () => choose(value, input.getAttribute('aria-pressed') !== 'true'));
          row = { row: input, input, label: input };
        } else {
          const id = newId();
          const input = h('input', { type: multiple ? 'checkbox' : 'radio', name, id, class: 'a2-check' });
          input.addEventListener('change', () => choose(value, input.checked));
          const labelEl = h('label', { for: id });
          row = { row: h('div', { class: 'a2-option' }, [input, labelEl]), input, label: labelEl };
        }
        rows.set(key, row);
      }
      setText(row.label, label);
      const on = chosen.includes(value);
      if (row.input instanceof HTMLInputElement) {
        row.input.checked = on;
        row.input.disabled = !on && multiple && chosen.length >= max;
      } else {
        row.input.setAttribute('aria-pressed', String(on));
        (row.input as HTMLButtonElement).disabled = !on && multiple && chosen.length >= max;
      }
      if (!q || label.toLocaleLowerCase().includes(q)) els.push(row.row);
    }
    sync(options, els);
    const failed = touched ? ctx.failed() : [];
    sync(errors, failed.map((m) => h('p', {}, [m])));
    el.setAttribute('aria-invalid', String(failed.length > 0));
    if (chips) options.setAttribute('role', 'group'), options.setAttribute('aria-label', ctx.str('label'));
  };
  return { el, update };
}

export function sliderWidget(): Widget {
  const f = field('slider');
  const input = h('input', { type: 'range', class: 'a2-range', id: f.id });
  const out = h('output', { class: 'a2-value', for: f.id });
  f.el.append(f.label, h('div', { class: 'a2-slide' }, [input, out]), f.errors);
  let current: Ctx | undefined;
  input.addEventListener('input', () => {
    f.touch();
    const path = current?.bound('value');
    if (path) current!.write(path, Number(input.value));
    else setText(out, input.value);
  });
  return {
    el: f.el,
    update(ctx) {
      current = ctx;
      const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
      const min = num(ctx.get(ctx.def.min !== undefined ? 'min' : 'minValue'), 0);
      const max = Math.max(min, num(ctx.get(ctx.def.max !== undefined ? 'max' : 'maxValue'), 100));
      input.min = String(min);
      input.max = String(max);
      input.step = Number.isInteger(min) && Number.isInteger(max) && max - min >= 10 ? '1' : 'any';
      const value = Math.min(max, Math.max(min, num(ctx.get('value'), min)));
      if (Number(input.value) !== value) input.value = String(value);
      setText(f.label, ctx.str('label'));
      if (!f.label.textContent) input.setAttribute('aria-label', a11y(ctx, 'label') || ' ');
      setText(out, new Intl.NumberFormat(ctx.env.locale, { maximumFractionDigits: 2 }).format(value));
      f.check(ctx, input);
    },
  };
}

/** ISO 8601 in, the input's own format out, and back: a date `YYYY-MM-DD`, a time `HH:mm`, both as a full ISO date-time. */
const pad = (n: number) => String(n).padStart(2, '0');
function toInput(value: string, type: string): string {
  if (!value) return '';
  if (type === 'time') return /^(\d{2}:\d{2})/.exec(value)?.[1] ?? /T(\d{2}:\d{2})/.exec(value)?.[1] ?? '';
  const d = dateOf(value);
  if (!d) return '';
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return type === 'date' ? day : `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromInput(value: string, type: string): string {
  if (!value || type !== 'datetime-local') return value;
  const d = new Date(value);
  return Number.isFinite(d.getTime()) ? d.toISOString() : value;
}

export function dateTimeWidget(): Widget {
  const f = field('datetime');
  const input = h('input', { type: 'date', class: 'a2-input', id: f.id });
  f.el.append(f.label, input, f.errors);
  let current: Ctx | undefined;
  input.addEventListener('input', () => {
    f.touch();
    const path = current?.bound('value');
    if (path) current!.write(path, fromInput(input.value, input.type));
  });
  return {
    el: f.el,
    update(ctx) {
      current = ctx;
      const date = ctx.get('enableDate') === true;
      const time = ctx.get('enableTime') === true;
      const type = date && !time ? 'date' : time && !date ? 'time' : 'datetime-local';
      if (input.type !== type) input.type = type;
      const value = toInput(ctx.str('value'), type);
      if (input.value !== value && document.activeElement !== input) input.value = value;
      for (const k of ['min', 'max'] as const) {
        const v = toInput(ctx.str(k), type);
        if (v) input[k] = v;
        else input.removeAttribute(k);
      }
      setText(f.label, ctx.str('label'));
      f.check(ctx, input);
    },
  };
}
