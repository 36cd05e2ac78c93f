// What a page POSTs to the reference server's AG-UI agent, for the AG-UI browser tests.
import type { Page, Request } from '@playwright/test';

export const AGENT = '/agui/demo_assistant';

/** Every run the page POSTs to the agent, as parsed RunAgentInput bodies, in order. */
export function agentRuns(page: Page): Record<string, any>[] {
  const bodies: Record<string, any>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === AGENT) bodies.push(request.postDataJSON());
  });
  return bodies;
}
