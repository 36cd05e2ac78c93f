// CopilotKit's own AG-UI runtime (`@copilotkit/runtime/v2`: CopilotRuntime, its SSE endpoint
// POST /agent/:id/run, the in-memory runner) serving its BuiltInAgent, which drives an AI SDK
// model, here the scripted one. Two agents: `default` (text, backend and page tools, state
// through the AGUISendState* tools, an interrupt tool) and `snapshot` (a custom factory agent
// that answers with a MESSAGES_SNAPSHOT only, the one way this runtime's agents can).
import './no-telemetry';
import { BuiltInAgent, CopilotRuntime, InMemoryAgentRunner, createCopilotRuntimeHandler, defineTool } from '@copilotkit/runtime/v2';
import { EventType } from '@ag-ui/client';
import { scriptedModel, LOOKUP_TOOL, REPORT_TOOL, RESTART_TOOL, WEATHER_TOOL } from './script';
import { lookup, lookupInput, report, reportInput, restartInput, weather, weatherInput } from './tools';
import { serveFetchHandler, type RunningAgentServer } from './http';

export const SNAPSHOT_ANSWER = 'This answer came **only** as a messages snapshot.';

/**
 * `onConcurrentRun`: what the runtime's in-memory runner does with a run for a thread whose last
 * run it still thinks is going. A generic AG-UI client stops a run by closing its stream, which
 * this runner does not take as a stop (CopilotKit's own client also POSTs /agent/:id/stop), so by
 * default ('throw') the next run of that thread is refused; 'supersede' ends the old run instead.
 */
export async function startCopilotKitServer({ onConcurrentRun = 'supersede' }: { onConcurrentRun?: 'throw' | 'supersede' } = {}): Promise<RunningAgentServer> {
  const agent = new BuiltInAgent({
    model: scriptedModel(),
    // The AI SDK's default is one step: the model would never see a backend tool's result.
    maxSteps: 5,
    tools: [
      defineTool({ name: WEATHER_TOOL, description: 'The weather in a city.', parameters: weatherInput, execute: weather }),
      defineTool({ name: REPORT_TOOL, description: 'Builds the monthly report (slow).', parameters: reportInput, execute: (_args: unknown, options?: { abortSignal?: AbortSignal }) => report(options?.abortSignal) }),
      defineTool({ name: LOOKUP_TOOL, description: 'An order by number.', parameters: lookupInput, execute: lookup }),
      defineTool({ name: RESTART_TOOL, description: 'Restarts a server.', parameters: restartInput, interrupt: true, interruptReason: 'confirmation', interruptMessage: 'Restart the web-1 server now?' } as Parameters<typeof defineTool>[0]),
    ],
  });
  const snapshot = new BuiltInAgent({
    type: 'custom',
    factory: async function* ({ input }) {
      yield {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [...input.messages, { id: `snap-${input.runId}`, role: 'assistant', content: SNAPSHOT_ANSWER }],
      } as never;
    },
  });
  const runtime = new CopilotRuntime({ agents: { default: agent, snapshot }, runner: new InMemoryAgentRunner({ onConcurrentRun }) });
  const handler = createCopilotRuntimeHandler({ runtime, channels: false } as Parameters<typeof createCopilotRuntimeHandler>[0]);
  return serveFetchHandler((request) => handler(request));
}
