// Mastra's agent (`@mastra/core`: Agent, tools made with createTool, a Mastra instance with its
// in-memory store, which keeps a suspended tool for its resume) adapted to AG-UI by `@ag-ui/mastra`
// (MastraAgent), served over HTTP by CopilotKit's runtime as Mastra's own `registerCopilotKit`
// does (there in single-route mode; here multi-route, POST /agent/:id/run, which takes a plain
// RunAgentInput as the widget sends it). The model is the scripted one.
import './no-telemetry';
import { MastraAgent } from '@ag-ui/mastra';
import { CopilotRuntime, InMemoryAgentRunner, createCopilotRuntimeHandler } from '@copilotkit/runtime/v2';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { scriptedModel, LOOKUP_TOOL, REPORT_TOOL, RESTART_TOOL, WEATHER_TOOL } from './script';
import { lookup, lookupInput, report, reportInput, restartInput, weather, weatherInput } from './tools';
import { serveFetchHandler, type RunningAgentServer } from './http';

export async function startMastraServer(): Promise<RunningAgentServer> {
  const restart = createTool({
    id: RESTART_TOOL,
    description: 'Restarts a server, once a person approves.',
    inputSchema: restartInput,
    suspendSchema: z.object({ message: z.string() }),
    resumeSchema: z.object({ approved: z.boolean() }),
    // Mastra's human in the loop: the tool suspends; the run resumes with the person's answer.
    execute: async (input, context) => {
      const { resumeData, suspend } = context.agent ?? {};
      // Mastra's documented form: return what suspend returns, and the run stops there.
      if (!resumeData) return suspend?.({ message: `Restart ${input.host} now?` }) as never;
      return { restarted: resumeData.approved === true, approved: resumeData.approved === true };
    },
  });
  const assistant = new Agent({
    id: 'assistant',
    name: 'assistant',
    instructions: 'You are the scripted assistant of the interop tests.',
    model: scriptedModel(),
    tools: {
      [WEATHER_TOOL]: createTool({ id: WEATHER_TOOL, description: 'The weather in a city.', inputSchema: weatherInput, execute: weather }),
      [REPORT_TOOL]: createTool({ id: REPORT_TOOL, description: 'Builds the monthly report (slow).', inputSchema: reportInput, execute: (_input, context) => report((context as { abortSignal?: AbortSignal }).abortSignal) }),
      [LOOKUP_TOOL]: createTool({ id: LOOKUP_TOOL, description: 'An order by number.', inputSchema: lookupInput, execute: lookup }),
      [RESTART_TOOL]: restart,
    },
  });
  const mastra = new Mastra({ agents: { assistant }, storage: new InMemoryStore(), logger: false });
  const runtime = new CopilotRuntime({
    agents: () => MastraAgent.getLocalAgents({ mastra } as never) as never,
    // A stop is the stream closing: the next run of the thread replaces the old one (copilotkit-server.ts says why).
    runner: new InMemoryAgentRunner({ onConcurrentRun: 'supersede' }),
  });
  const handler = createCopilotRuntimeHandler({ runtime, channels: false } as Parameters<typeof createCopilotRuntimeHandler>[0]);
  return serveFetchHandler((request) => handler(request));
}
