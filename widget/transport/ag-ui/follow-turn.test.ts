// How a turn's end ends its steps (follow-turn.ts); the turn's rounds themselves run over real HTTP
// in backend.test.ts and backend-endings.test.ts.
import { describe, expect, it } from 'vitest';
import type { TurnEnd } from '../../conversation/backend';
import { endingOf } from './follow-turn';
import type { TurnEnding } from './steps';

describe('endingOf', () => {
  const cases: [string, TurnEnd, TurnEnding][] = [
    ['an answered turn', { kind: 'answered', answer: { reply: 'hi' } }, 'done'],
    ['an answer marked failed (RUN_ERROR, too many tool rounds with nothing said)', { kind: 'answered', answer: { reply: 'boom', failed: true } }, 'failed'],
    ['a turn the visitor stopped', { kind: 'stopped' }, 'stopped'],
    ['a turn whose stream was lost (a reload, a cut connection)', { kind: 'lost', reason: 'gone' }, 'cut'],
  ];
  it.each(cases)('%s', (_, end, how) => expect(endingOf(end)).toBe(how));
});
