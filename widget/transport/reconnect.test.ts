import { describe, expect, it } from 'vitest';
import {
  classifyResponse,
  createReconnectPolicy,
  MAX_RETRY_MS,
  MIN_RETRY_MS,
  parseRetryAfter,
  type ReconnectOptions,
  type ReconnectPolicy,
} from './reconnect';

type Step = 'next' | 'progress' | { retry: number };

describe('createReconnectPolicy', () => {
  const cases: { title: string; options: ReconnectOptions; steps: Step[]; expected: (number | null)[] }[] = [
    {
      title: 'defaults, top of the jitter: doubles from 500, capped at 10 s, 6 attempts',
      options: { random: () => 1 },
      steps: Array(7).fill('next'),
      expected: [500, 1000, 2000, 4000, 8000, 10_000, null],
    },
    {
      title: 'bottom of the jitter: never below half the step',
      options: { random: () => 0 },
      steps: Array(7).fill('next'),
      expected: [250, 500, 1000, 2000, 4000, 5000, null],
    },
    {
      title: 'middle of the jitter',
      options: { random: () => 0.5, baseDelayMs: 1000 },
      steps: ['next', 'next'],
      expected: [750, 1500],
    },
    {
      title: 'custom base, cap and budget',
      options: { baseDelayMs: 100, maxDelayMs: 300, maxAttempts: 4, random: () => 1 },
      steps: Array(5).fill('next'),
      expected: [100, 200, 300, 300, null],
    },
    { title: 'a budget of 0 never reconnects', options: { maxAttempts: 0 }, steps: ['next'], expected: [null] },
    {
      title: 'progress restarts the backoff and the budget',
      options: { maxAttempts: 2, random: () => 1 },
      steps: ['next', 'next', 'next', 'progress', 'next'],
      expected: [500, 1000, null, 500],
    },
    {
      title: 'a server retry: is a floor for every later delay',
      options: { random: () => 1 },
      steps: [{ retry: 3000 }, 'next', 'next', 'next', 'next'],
      expected: [3000, 3000, 3000, 4000],
    },
    {
      title: 'a huge retry: is clamped to MAX_RETRY_MS',
      options: { random: () => 1 },
      steps: [{ retry: 99_999_999 }, 'next'],
      expected: [MAX_RETRY_MS],
    },
    {
      title: 'retry: 0 is clamped to MIN_RETRY_MS',
      options: { baseDelayMs: 10, random: () => 0 },
      steps: [{ retry: 0 }, 'next'],
      expected: [MIN_RETRY_MS],
    },
    {
      title: 'NaN and negative hints are ignored',
      options: { baseDelayMs: 10, random: () => 1 },
      steps: [{ retry: Number.NaN }, { retry: -5 }, 'next'],
      expected: [10],
    },
  ];

  it.each(cases)('$title', ({ options, steps, expected }) => {
    const policy = createReconnectPolicy(options);
    const delays: (number | null)[] = [];
    for (const step of steps) {
      if (step === 'next') delays.push(policy.nextDelay());
      else if (step === 'progress') policy.progress();
      else policy.honourRetry(step.retry);
    }
    expect(delays).toEqual(expected);
  });

  it('counts attempts and stops counting once exhausted', () => {
    const policy: ReconnectPolicy = createReconnectPolicy({ maxAttempts: 2 });
    expect(policy.attempts).toBe(0);
    policy.nextDelay();
    expect(policy.attempts).toBe(1);
    policy.nextDelay();
    policy.nextDelay();
    expect(policy.attempts).toBe(2);
    policy.progress();
    expect(policy.attempts).toBe(0);
  });

  it('delays are whole milliseconds', () => {
    const policy = createReconnectPolicy({ random: () => 0.123456 });
    for (let d = policy.nextDelay(); d !== null; d = policy.nextDelay()) expect(Number.isInteger(d)).toBe(true);
  });
});

describe('classifyResponse', () => {
  it.each([
    { status: 200, contentType: 'text/event-stream', expected: 'ok' },
    { status: 200, contentType: 'text/event-stream; charset=utf-8', expected: 'ok' },
    { status: 200, contentType: 'Text/Event-Stream;charset=UTF-8', expected: 'ok' },
    { status: 201, contentType: 'text/event-stream', expected: 'ok' },
    { status: 200, contentType: 'text/html; charset=utf-8', expected: 'fatal' },
    { status: 200, contentType: 'application/json', expected: 'fatal' },
    { status: 200, contentType: 'text/event-streamer', expected: 'fatal' },
    { status: 200, contentType: null, expected: 'fatal' },
    { status: 204, contentType: undefined, expected: 'fatal' },
    { status: 408, contentType: null, expected: 'retryable' },
    { status: 429, contentType: 'application/json', expected: 'retryable' },
    { status: 500, contentType: 'text/plain', expected: 'retryable' },
    { status: 502, contentType: 'text/html', expected: 'retryable' },
    { status: 503, contentType: 'application/json', expected: 'retryable' },
    { status: 504, contentType: null, expected: 'retryable' },
    { status: 301, contentType: null, expected: 'fatal' },
    { status: 400, contentType: 'application/json', expected: 'fatal' },
    { status: 401, contentType: 'application/json', expected: 'fatal' },
    { status: 403, contentType: 'application/json', expected: 'fatal' },
    { status: 404, contentType: 'text/event-stream', expected: 'fatal' },
    { status: 410, contentType: null, expected: 'fatal' },
    { status: 501, contentType: null, expected: 'fatal' },
    { status: 0, contentType: null, expected: 'fatal' },
  ])('$status $contentType → $expected', ({ status, contentType, expected }) => {
    expect(classifyResponse({ status, contentType })).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-07-20T08:00:00Z');
  it.each([
    { value: '7', expected: 7000 },
    { value: ' 0 ', expected: 0 },
    { value: 'Mon, 20 Jul 2026 08:00:30 GMT', expected: 30_000 },
    { value: 'Mon, 20 Jul 2026 07:59:00 GMT', expected: 0 },
    { value: 'soon', expected: null },
    { value: '-3', expected: null },
    { value: '', expected: null },
    { value: null, expected: null },
  ])('$value → $expected', ({ value, expected }) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
