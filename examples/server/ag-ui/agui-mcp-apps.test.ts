// The MCP Apps mode against the real middleware and the real published MCP App servers (run in
// this process on a loopback port): the UI tools reach the agent, a call of one comes back as an
// `mcp-apps` activity, and a view's requests are answered through proxied runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventType, type Event, type RunAgentInput } from '@ag-ui/core';
import type { AguiAgent, AguiEnding, AguiRun } from '../agents/agui-agent';
import { createMcpDemoAgent, uiTools, withMcpApps } from './agui-mcp-apps';
import { PUBLISHED_BACKENDS, startMcpBackends, type RunningBackends } from './mcp-backends';

let backends: RunningBackends;
let ids = 0;
const newId = (prefix: string) => `${prefix}-${++ids}`;
const fallback: AguiAgent = { checkAnswer: () => null, run: async (_run, emit) => (emit({ type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm', role: 'assistant', delta: 'fallback' }), { type: 'finished' }) };
let agent: AguiAgent;

beforeAll(async () => {
  backends = await startMcpBackends(PUBLISHED_BACKENDS, () => {});
  agent = withMcpApps(createMcpDemoAgent(fallback, newId), backends.servers);
});
afterAll(() => backends.close());

const input = (over: Partial<RunAgentInput>): RunAgentInput => ({ threadId: 't', runId: newId('run'), messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...over });
async function play(runInput: RunAgentInput): Promise<{ events: Event[]; ending: AguiEnding; tools: string[] }> {
  const events: Event[] = [];
  let tools: string[] = [];
  const run: AguiRun = { input: runInput, renderers: [], answers: [], baseUrl: 'http://x', now: 0 };
  const ending = await agent.run(run, (e) => {
    events.push(e);
  }, new AbortController().signal);
  tools = uiTools(runInput);
  return { events, ending, tools };
}
const proxied = (method: string, params: unknown, serverId = 'basic') => input({ forwardedProps: { __proxiedMCPRequest: { serverId, serverHash: '', method, params } } });

describe('MCP Apps mode (the middleware, the published servers)', () => {
  it('a message naming a UI tool calls it; the middleware sends its result and view as an mcp-apps activity', async () => {
    const { events, ending } = await play(input({ messages: [{ id: 'u1', role: 'user', content: 'mcp time' }] }));
    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining([EventType.TOOL_CALL_START, EventType.TOOL_CALL_END, EventType.TOOL_CALL_RESULT, EventType.ACTIVITY_SNAPSHOT]));
    const activity = events.find((e) => e.type === EventType.ACTIVITY_SNAPSHOT) as Extract<Event, { type: EventType.ACTIVITY_SNAPSHOT }>;
    expect(activity.activityType).toBe('mcp-apps');
    expect(activity.content).toMatchObject({ resourceUri: 'ui://get-time/mcp-app.html', serverId: 'basic', toolInput: {}, result: { structuredContent: { time: expect.any(String) } } });
    expect(ending).toEqual({ type: 'finished' });
  });

  it('anything else goes to the agent it wraps (its chunks as @ag-ui/client spells them out)', async () => {
    const { events } = await play(input({ messages: [{ id: 'u1', role: 'user', content: 'hello' }] }));
    expect(events.map((e) => e.type)).toEqual([EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_CONTENT, EventType.TEXT_MESSAGE_END]);
  });

  it('answers a proxied resources/read with the server’s HTML, and tools/list with its tools', async () => {
    const read = await play(proxied('resources/read', { uri: 'ui://get-time/mcp-app.html' }));
    const content = (read.ending as { result: { contents: { mimeType: string; text: string }[] } }).result.contents[0]!;
    expect(content.mimeType).toBe('text/html;profile=mcp-app');
    expect(content.text).toContain('<html');
    const list = await play(proxied('tools/list', {}, 'system-monitor'));
    const tools = (list.ending as { result: { tools: { name: string; _meta?: unknown }[] } }).result.tools;
    expect(tools.map((t) => t.name).sort()).toEqual(['get-system-info', 'poll-system-stats']);
    expect(tools.find((t) => t.name === 'poll-system-stats')!._meta).toMatchObject({ ui: { visibility: ['app'] } });
  });

  it('answers a proxied tools/call of a view’s tool; refuses an unknown one before the middleware', async () => {
    const call = await play(proxied('tools/call', { name: 'poll-system-stats', arguments: {} }, 'system-monitor'));
    expect((call.ending as { result: { structuredContent?: unknown } }).result.structuredContent).toBeDefined();
    const unknown = await play(proxied('tools/call', { name: 'rm-rf', arguments: {} }, 'system-monitor'));
    expect(unknown.ending).toEqual({ type: 'finished', result: { error: 'Unknown tool: rm-rf' } });
  });
});
