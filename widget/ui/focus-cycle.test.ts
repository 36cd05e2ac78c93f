import { describe, expect, it } from 'vitest';
import { FOCUS_KEY_PATTERN, nextStop, type Stop } from './focus-cycle';

describe('nextStop', () => {
  const rows: { from: Stop; open: boolean; modal: boolean; back: boolean; to: Stop }[] = [
    // Closed: the launcher is the widget's only stop.
    { from: 'page', open: false, modal: false, back: false, to: 'launcher' },
    { from: 'launcher', open: false, modal: false, back: false, to: 'page' },
    { from: 'page', open: false, modal: false, back: true, to: 'launcher' },
    { from: 'launcher', open: false, modal: false, back: true, to: 'page' },
    // Open on a desktop: into the list first, the composer last, then back to the page.
    { from: 'page', open: true, modal: false, back: false, to: 'list' },
    { from: 'list', open: true, modal: false, back: false, to: 'composer' },
    { from: 'composer', open: true, modal: false, back: false, to: 'page' },
    { from: 'page', open: true, modal: false, back: true, to: 'composer' },
    { from: 'composer', open: true, modal: false, back: true, to: 'list' },
    { from: 'list', open: true, modal: false, back: true, to: 'page' },
    // The launcher of an open panel counts as the page's side.
    { from: 'launcher', open: true, modal: false, back: false, to: 'list' },
    { from: 'launcher', open: true, modal: false, back: true, to: 'composer' },
    // Modal (a phone's full screen): the page is not reachable.
    { from: 'list', open: true, modal: true, back: false, to: 'composer' },
    { from: 'composer', open: true, modal: true, back: false, to: 'list' },
    { from: 'list', open: true, modal: true, back: true, to: 'composer' },
    { from: 'composer', open: true, modal: true, back: true, to: 'list' },
    { from: 'page', open: true, modal: true, back: false, to: 'list' },
    { from: 'page', open: true, modal: true, back: true, to: 'composer' },
  ];
  it.each(rows)('$from (open $open, modal $modal, back $back) → $to', ({ from, open, modal, back, to }) => {
    expect(nextStop(from, open, modal, back)).toBe(to);
  });
});

describe('FOCUS_KEY_PATTERN', () => {
  it.each([
    ['F6', true], ['F1', true], ['F12', true], ['F13', false], ['F0', false], ['f6', false], ['Tab', false], ['F6 ', false], ['', false],
  ])('%j → %s', (key, ok) => expect(FOCUS_KEY_PATTERN.test(key)).toBe(ok));
});
