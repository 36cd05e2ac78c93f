import { describe, expect, it } from 'vitest';
import { EventBus } from './event-bus';

describe('EventBus', () => {
  it('wakes every listener of a job even when one throws, and the notifier never sees the throw', () => {
    const errors: unknown[] = [];
    const bus = new EventBus((error) => errors.push(error));
    const woken: string[] = [];
    bus.subscribe('j1', () => {
      woken.push('first');
      throw new Error('a broken stream');
    });
    const off = bus.subscribe('j1', () => woken.push('second'));
    bus.subscribe('j2', () => woken.push('other job'));
    expect(() => bus.notify('j1')).not.toThrow();
    expect(woken).toEqual(['first', 'second']);
    expect(errors).toEqual([new Error('a broken stream')]);
    off();
    bus.notify('j1');
    expect(woken).toEqual(['first', 'second', 'first']);
  });
});
