import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../fixtures/memory-storage';
import { MAX_CACHED_CONFIG, readCachedConfig, sameConfig, writeCachedConfig } from './config-cache';

const API = 'https://hub.example';

describe('the kept config', () => {
  it.each([
    ['the same fields in another order', { title: 'a', enabled: true }, { enabled: true, title: 'a' }, true],
    ['a changed value', { title: 'a' }, { title: 'b' }, false],
    ['a field more', { title: 'a' }, { title: 'a', lang: 'en' }, false],
    ['a changed list', { starters: ['x'] }, { starters: ['y'] }, false],
  ] as const)('sameConfig: %s', (_, a, b, same) => {
    expect(sameConfig(a as never, b as never)).toBe(same);
  });

  it('is read back for the same server and entry only', () => {
    const storage = memoryStorage();
    writeCachedConfig(storage, API, 'e1', { title: 'Hi' });
    expect(readCachedConfig(storage, API, 'e1')).toEqual({ title: 'Hi' });
    expect(readCachedConfig(storage, 'https://other.example', 'e1')).toBeNull();
    expect(readCachedConfig(storage, API, 'e2')).toBeNull();
  });

  it.each([['not JSON', '{'], ['an array', '{"api":"https://hub.example","config":[]}'], ['null', 'null']])('an unusable kept value (%s) reads as none', (_, text) => {
    const storage = memoryStorage();
    storage.setItem('bailing_config_e1', text);
    expect(readCachedConfig(storage, API, 'e1')).toBeNull();
  });

  it('an oversized config is not kept, and removes the older copy', () => {
    const storage = memoryStorage();
    writeCachedConfig(storage, API, 'e1', { title: 'Hi' });
    writeCachedConfig(storage, API, 'e1', { title: 'x'.repeat(MAX_CACHED_CONFIG) });
    expect(readCachedConfig(storage, API, 'e1')).toBeNull();
  });

  it('no storage: nothing kept, nothing read, no error', () => {
    writeCachedConfig(null, API, 'e1', { title: 'Hi' });
    expect(readCachedConfig(null, API, 'e1')).toBeNull();
  });
});
