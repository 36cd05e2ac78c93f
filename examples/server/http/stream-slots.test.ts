import { describe, expect, it } from 'vitest';
import { clientLimitsFromEnv, resolveClientLimits, DEFAULT_CLIENT_LIMITS } from './client-limits';
import { StreamSlots, type SlotScope } from './stream-slots';

type Step = ['open', string, string, true | SlotScope] | ['close', number];

/** Runs steps against caps {max, perIp, perVisitor}; `close n` releases the n-th opened stream. */
function run(caps: { max: number; perIp: number; perVisitor: number }, steps: readonly Step[]): (true | SlotScope)[] {
  const slots = new StreamSlots(caps);
  const releases: (() => void)[] = [];
  const outcomes: (true | SlotScope)[] = [];
  for (const step of steps) {
    if (step[0] === 'close') {
      releases[step[1]]!();
      continue;
    }
    const decision = slots.acquire(step[1], step[2]);
    if (decision.ok) releases.push(decision.release);
    outcomes.push(decision.ok ? true : decision.scope);
  }
  return outcomes;
}

describe('StreamSlots', () => {
  it.each<{ title: string; caps: { max: number; perIp: number; perVisitor: number }; steps: Step[] }>([
    {
      title: 'a visitor at its cap is refused; another visitor at the same address is not',
      caps: { max: 10, perIp: 10, perVisitor: 2 },
      steps: [['open', 'ip1', 'v1', true], ['open', 'ip1', 'v1', true], ['open', 'ip1', 'v1', 'visitor'], ['open', 'ip1', 'v2', true]],
    },
    {
      title: 'an address at its cap is refused whatever visitor it names; another address is not',
      caps: { max: 10, perIp: 2, perVisitor: 5 },
      steps: [['open', 'ip1', 'v1', true], ['open', 'ip1', 'v2', true], ['open', 'ip1', 'v3', 'ip'], ['open', 'ip2', 'v3', true]],
    },
    {
      title: 'the server at its cap refuses everyone',
      caps: { max: 2, perIp: 5, perVisitor: 5 },
      steps: [['open', 'ip1', 'v1', true], ['open', 'ip2', 'v2', true], ['open', 'ip3', 'v3', 'server']],
    },
    {
      title: 'the most specific full cap is the one named',
      caps: { max: 1, perIp: 1, perVisitor: 1 },
      steps: [['open', 'ip1', 'v1', true], ['open', 'ip1', 'v1', 'visitor'], ['open', 'ip1', 'v2', 'ip'], ['open', 'ip2', 'v2', 'server']],
    },
    {
      title: 'a released slot can be taken again',
      caps: { max: 1, perIp: 1, perVisitor: 1 },
      steps: [['open', 'ip1', 'v1', true], ['open', 'ip1', 'v1', 'visitor'], ['close', 0], ['open', 'ip1', 'v1', true]],
    },
    {
      title: 'releasing twice frees one slot, not two',
      caps: { max: 2, perIp: 2, perVisitor: 2 },
      steps: [['open', 'ip1', 'v1', true], ['open', 'ip1', 'v1', true], ['close', 0], ['close', 0], ['open', 'ip1', 'v1', true], ['open', 'ip1', 'v1', 'visitor']],
    },
  ])('$title', ({ caps, steps }) => {
    const expected = steps.filter((s): s is Extract<Step, ['open', ...unknown[]]> => s[0] === 'open').map((s) => s[3]);
    expect(run(caps, steps)).toEqual(expected);
  });

  it('forgets a client once it has no stream open', () => {
    const slots = new StreamSlots({ max: 5, perIp: 5, perVisitor: 5 });
    const a = slots.acquire('ip1', 'v1');
    const b = slots.acquire('ip1', 'v2');
    expect([slots.count(), slots.count({ ip: 'ip1' }), slots.count({ visitor: 'v1' })]).toEqual([2, 2, 1]);
    if (a.ok) a.release();
    if (b.ok) b.release();
    expect([slots.count(), slots.count({ ip: 'ip1' }), slots.count({ visitor: 'v1' })]).toEqual([0, 0, 0]);
    expect((slots as unknown as { byIp: Map<string, number> }).byIp.size).toBe(0);
  });
});

describe('client limits from the environment', () => {
  it.each<[string, Record<string, string>, Record<string, number>]>([
    ['nothing set', {}, {}],
    ['an empty variable is unset', { BAILING_MAX_STREAMS: '' }, {}],
    ['whole numbers', { BAILING_MAX_STREAMS: '2000', BAILING_MAX_STREAMS_PER_IP: ' 400 ' }, { maxStreams: 2000, maxStreamsPerIp: 400 }],
    ['rates', { BAILING_THREAD_RATE_PER_IP: '6000', BAILING_EVENTS_RATE_PER_VISITOR: '120', BAILING_POST_RATE_PER_IP: '5000' }, { threadPerIpPerMinute: 6000, eventsPerVisitorPerMinute: 120, postsPerIpPerMinute: 5000 }],
    ['other variables are not read', { MAX_STREAMS: '3', BAILING_MAX_STREAM: '3' }, {}],
  ])('%s', (_, env, expected) => {
    expect(clientLimitsFromEnv(env)).toEqual(expected);
  });

  it.each([['0'], ['-1'], ['1.5'], ['1e3'], ['many'], ['0x10'], ['99999999999999999999']])('refuses %j with the variable named', (value) => {
    expect(() => clientLimitsFromEnv({ BAILING_MAX_STREAMS_PER_VISITOR: value })).toThrow(
      `BAILING_MAX_STREAMS_PER_VISITOR must be a whole number of at least 1, got ${JSON.stringify(value)}`,
    );
  });

  it('takes options first, then the environment, then the defaults', () => {
    const limits = resolveClientLimits({ maxStreams: 7, maxStreamsPerIp: undefined }, { BAILING_MAX_STREAMS: '9', BAILING_MAX_STREAMS_PER_IP: '300' });
    expect(limits).toEqual({ ...DEFAULT_CLIENT_LIMITS, maxStreams: 7, maxStreamsPerIp: 300 });
  });
});
