// What each framework sends, held against the recorded fixtures (e2e/interop/fixtures/<framework>/
// <scenario>.sse): the live stream's events in the same order, with the same types, names and
// fields (ids, texts and timestamps aside), every event valid by @ag-ui/core's schemas. A change
// of theirs (a new event, a field gone) fails here first. `npm run interop:record` writes the
// fixtures again (AGUI_RECORD=1).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EventSchemas } from '@ag-ui/core/schemas';
import { FRAMEWORKS, expect, test } from './fixtures';
import { RUN_MARK, SCENARIOS, fixturePath, parseSse, readFixture, runScenario, runWhys, shapeOf } from './wire';

const RECORD = process.env.AGUI_RECORD === '1';

for (const fw of FRAMEWORKS) {
  for (const scenario of SCENARIOS) {
    if (scenario.only && !scenario.only(fw)) continue;
    test(`${fw.name} ${scenario.name}: the stream has the recorded shape and every event is valid AG-UI`, async ({ agentServers }, testInfo) => {
      const bodies = await runScenario(agentServers[fw.name].url, fw, scenario, `wire-${fw.name}-${scenario.name}-${testInfo.repeatEachIndex}-${Date.now()}`);
      if (RECORD) {
        const whys = runWhys(fw, scenario, bodies);
        mkdirSync(dirname(fixturePath(fw.name, scenario.name)), { recursive: true });
        writeFileSync(fixturePath(fw.name, scenario.name), bodies.map((body, i) => (i === 0 ? '' : RUN_MARK(i + 1, whys[i]!)) + body).join(''));
      }
      const recorded = readFixture(fw.name, scenario.name);
      expect(bodies.length, 'runs in the scenario').toBe(recorded.length);
      bodies.forEach((body, i) => {
        const events = parseSse(body);
        expect(shapeOf(events), `run ${i + 1}`).toEqual(shapeOf(parseSse(recorded[i]!)));
        for (const event of events) {
          const parsed = EventSchemas.safeParse(event);
          expect(parsed.success, `${event.type} is valid AG-UI: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
        }
      });
    });
  }
}
