// An answer's versions (Regenerate asks its question again, and each answer it gets is a version):
// which one shows, and the "‹ 2 / 3 ›" pager in the footer of each, whose arrows show the version
// before or after it.

import { answerVersions } from './history';
import type { HistoryItem } from '../types';
import type { Strings } from '../ui/i18n/i18n';
import { h } from '../ui/dom';
import type { RenderedItem } from './view';

export type Versions = ReturnType<typeof createVersions>;

/** The versions of the answers among `rendered`, the rows on screen of `items`. */
export function createVersions(rendered: readonly RenderedItem[], items: () => readonly HistoryItem[], announce: (text: string) => void, strings: Strings) {
  /** The "‹ 2 / 3 ›" of each answer with versions that has a footer: its element and what brings it up to date. */
  const pagers = new Map<string, [HTMLElement, () => void]>();

  /** The versions of answer `jobId` (Regenerate), oldest first. */
  const versionsOf = (jobId: string) => answerVersions(items()).get(jobId) ?? [jobId];
  /** What answer `jobId` shows: its steps above it (back to its question's row), its bubble and its footer. */
  function answerRows(jobId: string): HTMLElement[] {
    const el = rendered.find((entry) => entry.item.r == 'a' && entry.item.j == jobId)?.el;
    const rows: HTMLElement[] = [];
    for (let row = el; row && !row.matches('.bc-msg-user'); row = row.previousElementSibling as HTMLElement) rows.push(row);
    const foot = el?.nextElementSibling as HTMLElement | null;
    if (foot?.matches('.bc-after')) rows.push(foot);
    return rows;
  }
  /** Version `jobId` of its answer shows, the others do not (their questions after the first never show). */
  function showVersion(jobId: string) {
    let foot: HTMLElement | undefined;
    for (const j of versionsOf(jobId)) {
      const rows = answerRows(j);
      for (const row of rows) row.hidden = j != jobId;
      if (j == jobId) foot = rows.at(-1);
    }
    if (!pagers.has(jobId) && foot?.matches('.bc-after')) addPager(jobId, foot);
    pagers.get(jobId)?.[1]();
  }
  /** "‹ 2 / 3 ›" in the footer's actions of answer `jobId`; the arrows show the version before or after it, and keep the focus. */
  function addPager(jobId: string, foot: HTMLElement): HTMLElement {
    const label = h('span', { class: 'bc-act-status' });
    const go = (delta: number) => {
      const versions = versionsOf(jobId);
      const to = versions[versions.indexOf(jobId) + delta];
      if (!to) return;
      showVersion(to);
      const [pager] = pagers.get(to) ?? [];
      if (!pager) return;
      const [back, on] = pager.querySelectorAll('button');
      const [ahead, other] = delta < 0 ? [back!, on!] : [on!, back!];
      (ahead.disabled ? other : ahead).focus();
      announce(pager.textContent!);
    };
    const arrow = (delta: number, name: string) => {
      const button = h('button', { type: 'button', class: 'bc-act', 'aria-label': name, title: name }, [delta < 0 ? '‹' : '›']);
      button.onclick = () => go(delta);
      return button;
    };
    const [back, on] = [arrow(-1, strings.previousVersion), arrow(1, strings.nextVersion)];
    const pager = h('span', { class: 'bc-acts' }, [back, label, on]);
    const paint = () => {
      const versions = versionsOf(jobId);
      const at = versions.indexOf(jobId);
      label.textContent = `${at + 1} / ${versions.length}`;
      back.disabled = !at;
      on.disabled = at == versions.length - 1;
    };
    paint();
    pagers.set(jobId, [pager, paint]);
    foot.querySelector('.bc-acts')?.prepend(pager);
    return pager;
  }

  return { pagers, versionsOf, answerRows, showVersion, addPager };
}
