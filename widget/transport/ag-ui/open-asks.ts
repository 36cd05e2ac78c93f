// Which decision cards each answer shows, and which asks are kept. The page's history holds the
// last 200 rows (KEPT_ROWS); an interrupt nobody decided outlives that window: the agent
// refuses every run until it is answered. So an open ask is kept whatever its age, and when its
// own answer is no longer shown its card goes with the newest answer that is, where the visitor
// can reach it. Pure: the backend hands in the ids of the answers the history shows.

import type { DecisionAsk } from './decision-view';
import type { HistoryItem } from '../../types';

/** Decided asks kept for their read-only cards; the open ones are kept beside them, always. */
export const MAX_KEPT_DECIDED_ASKS = 50;

export const isOpen = (ask: DecisionAsk) => !ask.sent;

/** The answers of `items` that show cards (a failed answer shows none), oldest first. */
export const shownAnswers = (items: readonly HistoryItem[]) => items.flatMap((m) => (m.r == 'a' && m.j && !m.err ? [m.j] : []));

/** `asks` with the oldest decided ones dropped past MAX_KEPT_DECIDED_ASKS; open ones all stay. */
export function keptAsks(asks: Readonly<Record<string, DecisionAsk>>): Record<string, DecisionAsk> {
  const decided = Object.keys(asks).filter((id) => !isOpen(asks[id]!));
  const drop = new Set(decided.slice(0, Math.max(0, decided.length - MAX_KEPT_DECIDED_ASKS)));
  return Object.fromEntries(Object.entries(asks).filter(([id]) => !drop.has(id)));
}

/**
 * The asks answer `id`'s card draws: its own, and, on the newest answer shown, the open asks
 * whose answers the history no longer shows (in the order they were asked).
 */
export function asksDrawnAt(asks: Readonly<Record<string, DecisionAsk>>, id: string, shown: readonly string[]): string[] {
  const own = asks[id] ? [id] : [];
  if (id !== shown[shown.length - 1]) return own;
  return [...own, ...Object.keys(asks).filter((k) => k !== id && isOpen(asks[k]!) && !shown.includes(k))];
}

/** Open asks no card can show (the history shows no answer at all): they must not block the visitor. */
export function unreachableAsks(asks: Readonly<Record<string, DecisionAsk>>, shown: readonly string[]): string[] {
  return shown.length ? [] : Object.keys(asks).filter((k) => isOpen(asks[k]!));
}
