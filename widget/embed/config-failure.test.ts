import { describe, expect, it } from 'vitest';
import { configFailure } from './config-failure';
import { BailingHttpError } from '../transport/errors';

const URL_ = 'https://hub.example/chat/my_site/config';
const get = (status: number, options: { body?: unknown; detail?: string; cause?: unknown } = {}) => new BailingHttpError('GET', URL_, status, options);
const answers = () => Promise.resolve({ type: 'opaque' });
const silent = () => Promise.reject(new TypeError('Failed to fetch'));

describe('configFailure: what the console says when the config does not load', () => {
  // [title, error, probe, the message]
  const cases: [string, unknown, () => Promise<unknown>, string][] = [
    [
      'a network error, and the URL answers a no-cors probe: the origin (or data-api) is what to fix',
      get(0, { cause: new TypeError('Failed to fetch') }),
      answers,
      `GET ${URL_}: network error: it answered, but not to this page (CORS): add https://shop.example to the entry's allowed origins, or check data-api`,
    ],
    [
      'a network error, and the probe gets no answer either: the server or data-api',
      get(0, { cause: new TypeError('Failed to fetch') }),
      silent,
      `GET ${URL_}: network error: no answer; is the server up and data-api right?`,
    ],
    [
      "a refusal the page can read: the server's own words, nothing added",
      get(403, { body: { error: 'This website may not use this chat: its origin https://shop.example is not in the allowed_origins of entry "my_site".', code: 'origin_not_allowed' } }),
      answers,
      `GET ${URL_}: HTTP 403: This website may not use this chat: its origin https://shop.example is not in the allowed_origins of entry "my_site"`,
    ],
    [
      "an unknown entry: the server's words, and the two attributes to check",
      get(404, { body: { error: 'This chat does not exist (there is no entry "my_site").' } }),
      answers,
      `GET ${URL_}: HTTP 404: This chat does not exist (there is no entry "my_site"); check data-api (the chat server's URL) and data-entry`,
    ],
    ['a 404 without words (a web server, not a chat server): data-api', get(404), answers, `GET ${URL_}: HTTP 404; check data-api (the chat server's URL) and data-entry`],
    ['a 200 that is not the config (an HTML page): data-api', get(200, { detail: 'expected a JSON object' }), answers, `GET ${URL_}: HTTP 200: expected a JSON object; check data-api (the chat server's URL) and data-entry`],
    ['anything else as it was thrown', new Error('boom'), answers, 'boom'],
  ];
  for (const [title, error, probe, message] of cases) {
    it(title, async () => {
      expect(await configFailure(error, probe, 'https://shop.example')).toBe(message);
    });
  }

  it('probes the URL that failed, without its query', async () => {
    const probed: string[] = [];
    await configFailure(new BailingHttpError('GET', `${URL_}?x=1`, 0), (url) => (probed.push(url), answers()), 'https://shop.example');
    expect(probed).toEqual([URL_]);
  });
});
