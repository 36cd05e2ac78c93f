// What a page POSTs to the reference server's AG-UI agent, for the AG-UI browser tests, and
// streams the server would never send (page.route) standing in for it.
import type { Page, Request } from '@playwright/test';
import { composer, expect, launcher } from './fixtures';

export const AGENT = '/agui/demo_assistant';
/** The reference server's page that fronts its AG-UI agent. */
export const AGENT_PAGE = '/pages/ag-ui.html';

/** Opens a page that fronts the agent and its panel; resolves once the composer is there. */
export async function openAgent(page: Page, baseUrl: string, path = AGENT_PAGE) {
  await page.goto(`${baseUrl}${path}`);
  await launcher(page).click();
  await expect(composer(page)).toBeVisible();
}

/** Every run the page POSTs to the agent, as parsed RunAgentInput bodies, in order. */
export function agentRuns(page: Page): Record<string, any>[] {
  const bodies: Record<string, any>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === AGENT) bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** A message of a run's input, as the tests read it. */
export interface RunMessage {
  id: string;
  role: string;
  content?: unknown;
  toolCalls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  toolCallId?: string;
  error?: string;
}

/** One AG-UI SSE frame. */
export const frame = (event: Record<string, unknown>) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * Answers every later run with `events` (RUN_STARTED with the run's own ids first), as one SSE
 * body; `events` returns a string for a body written as it is (frames the test made itself).
 */
export async function serveStream(page: Page, events: (run: { threadId: string; runId: string; messages: RunMessage[]; tools: { name: string }[] }) => Record<string, unknown>[] | string) {
  await page.route(`**${AGENT}`, (route, request) => {
    const { threadId, runId, messages, tools } = request.postDataJSON() as { threadId: string; runId: string; messages: RunMessage[]; tools: { name: string }[] };
    const made = events({ threadId, runId, messages, tools });
    const body = frame({ type: 'RUN_STARTED', threadId, runId }) + (typeof made === 'string' ? made : made.map(frame).join(''));
    return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }, body });
  });
}
