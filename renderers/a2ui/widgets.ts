// The 18 components of the basic catalog as DOM (A2UI v0.9 basic_catalog_implementation_guide.md),
// each made once and updated at every walk of its surface (view.ts). Native controls, labelled
// for screen readers, keyboard-usable, laid out with logical properties (right-to-left follows the
// widget). Property names of the v0.9 catalog, with the names the AG-UI middleware's prompt teaches
// (`text`/`textFieldType` of TextField, `tabItems`, `entryPointChild`/`contentChild`,
// `minValue`/`maxValue`) read where the catalog's are absent.
// The widgets are in widgets-text-media.ts, widgets-layout.ts and widgets-inputs.ts; this table
// maps the catalog's names to them.

import { h } from '../../widget/ui/dom';
import type { ComponentName } from './catalog';
import { fill } from './strings';
import type { Widget } from './view';
import { setText } from './widget-helpers';
import { buttonWidget, checkBoxWidget, choicePickerWidget, dateTimeWidget, sliderWidget, textFieldWidget } from './widgets-inputs';
import { cardWidget, dividerWidget, flexWidget, listWidget, modalWidget, tabsWidget } from './widgets-layout';
import { iconWidget, media, textWidget } from './widgets-text-media';

/** A component the catalog does not have: a visible note in its place (the error goes back to the agent). */
function unknownWidget(): Widget {
  const el = h('p', { class: 'a2-note' });
  return { el, update: (ctx) => setText(el, fill(ctx.strings.unknownComponent, { x: String(ctx.def.component).slice(0, 60) })) };
}

export const WIDGETS: Record<ComponentName | 'unknown', () => Widget> = {
  Text: textWidget,
  Image: media('img'),
  Icon: iconWidget,
  Video: media('video'),
  AudioPlayer: media('audio'),
  Row: flexWidget('row'),
  Column: flexWidget('column'),
  List: listWidget,
  Card: cardWidget,
  Tabs: tabsWidget,
  Modal: modalWidget,
  Divider: dividerWidget,
  Button: buttonWidget,
  TextField: textFieldWidget,
  CheckBox: checkBoxWidget,
  ChoicePicker: choicePickerWidget,
  Slider: sliderWidget,
  DateTimeInput: dateTimeWidget,
  unknown: unknownWidget,
};
