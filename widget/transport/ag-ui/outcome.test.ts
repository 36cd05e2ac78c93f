// The answer of a turn that said nothing, in a table: the run's result, else its last call's.
import { describe, expect, it } from 'vitest';
import { MAX_OUTCOME_CHARS, outcomeText } from './outcome';
import type { Part, ToolPart } from './run';

const call = (name: string, args: string, result?: string): ToolPart => ({ kind: 'tool', id: name, name, args, status: 'done', ended: true, ...(result !== undefined && { result }) });
const none = () => false;

describe('outcomeText', () => {
  it.each<[string, Part[], { value: unknown } | undefined, string]>([
    ['RUN_FINISHED.result, an object: indented JSON in a json block', [call('final_result', '{"city":"Berlin"}')], { value: { city: 'Berlin', temperature: 21 } }, '```json\n{\n  "city": "Berlin",\n  "temperature": 21\n}\n```'],
    ['RUN_FINISHED.result, a string: the agent\'s words, as markdown', [], { value: 'It is **21 °C**.' }, 'It is **21 °C**.'],
    ['RUN_FINISHED.result, a blank string, and no call: nothing', [], { value: '  ' }, ''],
    ['RUN_FINISHED.result, a number', [], { value: 42 }, '```json\n42\n```'],
    ['no result: the last call\'s arguments (structured output), when its result only acknowledges them', [call('search', '{"q":"x"}', '3 hits'), call('final_result', '{"city":"Berlin"}', 'Final result processed.')], undefined, '```json\n{\n  "city": "Berlin"\n}\n```'],
    ['no result: the last call\'s result when it is data', [call('get_weather', '{"city":"Berlin"}', '{"temp":21}')], undefined, '```json\n{\n  "temp": 21\n}\n```'],
    ['no result: a call with no arguments shows its text result', [call('clock', '', 'noon')], undefined, '```\nnoon\n```'],
    ['no result: a call with no result yet shows its arguments', [call('final_result', '{"ok":true}')], undefined, '```json\n{\n  "ok": true\n}\n```'],
    ['a fence inside the text cannot close the block', [call('code', '', 'a ``` b')], undefined, '````\na ``` b\n````'],
    ['nothing at all: nothing to say', [], undefined, ''],
  ])('%s', (_, parts, result, expected) => {
    expect(outcomeText(parts, result, none)).toBe(expected);
  });

  it('a call a renderer of the page draws is the answer itself: nothing is added', () => {
    expect(outcomeText([call('bailing-form', '{"title":"x"}')], { value: { ok: 1 } }, (name) => name === 'bailing-form')).toBe('');
  });

  it(`a result longer than ${MAX_OUTCOME_CHARS} characters is cut, with a note saying how much`, () => {
    const long = outcomeText([], { value: 'x'.repeat(MAX_OUTCOME_CHARS + 10) }, none);
    expect(long).toBe(`${'x'.repeat(MAX_OUTCOME_CHARS)}\n\n… (10 more characters)`);
    const data = outcomeText([call('dump', '', 'y'.repeat(MAX_OUTCOME_CHARS + 5))], undefined, none);
    expect(data).toBe(`\`\`\`\n${'y'.repeat(MAX_OUTCOME_CHARS)}\n\`\`\`\n\n… (5 more characters)`);
  });
});
