// What the bubble shows of a running turn (its progress), read from the run's indexes.
import type { TurnProgress } from '../../conversation/backend';
import { answerPart } from './parts-view';
import type { AgUiRun, Part, TextPart } from './run';
import type { ThreadPart } from './thread-view';

/** The turn's last assistant message: the answer its bubble shows (the earlier ones are rows above it). */
export const answerText = (parts: readonly Part[]) => answerPart(parts)?.text ?? '';

export const isAnswer = (p: Part) => p.kind === 'text' && p.role === 'assistant';

/**
 * What the bubble shows of a run: the turn's last assistant message (each new one starts the
 * bubble over: the one before becomes a row above), its steps after those of the turn's earlier
 * runs (`parts`, which holds both); working while a tool or step runs. Read from the run's
 * indexes: a report costs the same whatever the number of parts.
 */
export function progressOf(run: AgUiRun, earlier: { answers: number; answer?: TextPart }, parts: readonly (Part | ThreadPart)[]): TurnProgress {
  const { texts } = run.track;
  const answer = texts.length ? (run.parts[texts[texts.length - 1]!] as TextPart) : earlier.answer;
  return { text: answer?.text ?? '', resets: Math.max(0, earlier.answers + texts.length - 1), working: run.track.running.size > 0, parts };
}

/** The next animation frame's turn (a timer's where there are no frames: tests, workers). */
export const nextFrame = (then: () => void) => void (typeof requestAnimationFrame == 'function' ? requestAnimationFrame(then) : setTimeout(then, 16));
