import { describe, expect, test } from 'vitest';
import { imagePolicy, readImageOrigins } from './image-origins';

describe('readImageOrigins', () => {
  test.each([
    { title: 'https origins, normalized and deduplicated', value: ['https://CDN.example.com', 'https://cdn.example.com/', 'https://img.example.org:8443'], expected: ['https://cdn.example.com', 'https://img.example.org:8443'], warned: 0 },
    { title: 'http is refused (cleartext leaks the IP and the page)', value: ['http://cdn.example.com'], expected: [], warned: 1 },
    { title: 'a path, query, hash or credentials is refused (an origin is the whole rule)', value: ['https://cdn.example.com/img', 'https://cdn.example.com/?a', 'https://cdn.example.com/#a', 'https://u:p@cdn.example.com'], expected: [], warned: 4 },
    { title: 'non-strings and non-URLs are refused', value: [42, null, 'cdn.example.com', '*'], expected: [], warned: 4 },
    { title: 'not a list', value: { origin: 'https://cdn.example.com' }, expected: [], warned: 1 },
  ])('$title', ({ value, expected, warned }) => {
    const warnings: string[] = [];
    expect(readImageOrigins(value, 'config.images', (m) => warnings.push(m))).toEqual(expected);
    expect(warnings).toHaveLength(warned);
    for (const w of warnings) expect(w).toMatch(/^config\.images/);
  });

  test('the attribute form: origins between spaces or commas', () => {
    expect(readImageOrigins(' https://a.example, https://b.example\thttps://c.example ', 'data-images', () => {})).toEqual(['https://a.example', 'https://b.example', 'https://c.example']);
  });
});

describe('imagePolicy', () => {
  const policy = imagePolicy(['https://cdn.example.com']);
  test.each([
    ['https://cdn.example.com/a.png', true],
    ['https://cdn.example.com:443/a.png', true],
    ['https://cdn.example.com.attacker.example/a.png', false],
    ['https://attacker.example/?d=secret', false],
    ['http://cdn.example.com/a.png', false],
    // Not even the hub's own: a picture the model writes is a GET with the visitor's cookies.
    ['http://127.0.0.1:8787/uploads/a.png', false],
  ])('%s → %s', (url, expected) => {
    expect(policy(new URL(url))).toBe(expected);
  });
});
