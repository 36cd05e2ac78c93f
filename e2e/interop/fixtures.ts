// Worker fixtures for the interop tests: each framework's server (its own AG-UI runtime and
// adapter, the scripted model) on 127.0.0.1 port 0, beside the reference server that serves the
// widget's page and dist/widget.js; and the helpers that put the widget on that page pointed at
// a framework, as a host would (`data-protocol="ag-ui" data-agent-url=…`).
import type { Page, Request } from '@playwright/test';
import { expect, launcher, composer, test as base } from '../fixtures';
import type { RunningAgentServer } from './http';
import { startCopilotKitServer } from './copilotkit-server';
import { startMastraServer } from './mastra-server';

export interface Framework {
  name: 'copilotkit' | 'mastra';
  /** The agent's run endpoint, under the framework server's origin. */
  agentPath: string;
  /** A custom agent answering with MESSAGES_SNAPSHOT only, where the framework lets one be written. */
  snapshotPath?: string;
  /** How the framework carries shared state, or why it does not here. */
  state: 'tools' | { none: string };
  /** Why a backend tool's step cannot be on screen while the tool runs, where it cannot. */
  noStepWhileRunning?: string;
  /** Why the tool call an interrupt holds is never drawn as a step, where it is not. */
  noHeldCallStep?: string;
}

export const FRAMEWORKS: Framework[] = [
  { name: 'copilotkit', agentPath: '/agent/default/run', snapshotPath: '/agent/snapshot/run', state: 'tools' },
  {
    name: 'mastra',
    agentPath: '/agent/assistant/run',
    state: { none: "Mastra's shared state is its working memory, which needs @mastra/memory; the adapter sends no STATE_* event without it" },
    noStepWhileRunning: "@ag-ui/mastra sends a backend tool's TOOL_CALL_START/ARGS/END only with its result, once the tool has returned",
    noHeldCallStep: '@ag-ui/mastra sends no TOOL_CALL_* for a call whose tool suspended: only CUSTOM on_interrupt and the interrupt outcome',
  },
];

type Servers = Record<Framework['name'] | 'copilotkitThrow', RunningAgentServer>;

export const test = base.extend<object, { agentServers: Servers }>({
  agentServers: [
    async ({}, use) => {
      // copilotkitThrow: the runtime as it comes, refusing a thread's next run while it thinks the last one goes on.
      const [copilotkit, mastra, copilotkitThrow] = await Promise.all([startCopilotKitServer(), startMastraServer(), startCopilotKitServer({ onConcurrentRun: 'throw' })]);
      await use({ copilotkit, mastra, copilotkitThrow });
      await Promise.all([copilotkit.close(), mastra.close(), copilotkitThrow.close()]);
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** Opens the interop host page (e2e/pages/ag-ui-interop.html) with the widget speaking AG-UI to `agentUrl`, panel open. */
export async function openInterop(page: Page, baseUrl: string, agentUrl: string) {
  await page.goto(`${baseUrl}/e2e/ag-ui-interop.html?agent=${encodeURIComponent(agentUrl)}`);
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
}

/** Every run the page POSTs to `agentUrl`, as parsed RunAgentInput bodies, in order. */
export function runsTo(page: Page, agentUrl: string): Record<string, any>[] {
  const bodies: Record<string, any>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url() === agentUrl) bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** A tool step of the conversation, by its tool's name. */
export const toolStep = (page: Page, name: string) => page.locator('bailing-chat-widget .bc-messages').getByRole('group', { name });
