// The system prompt lists exactly the renderer types the client advertised that this server knows.
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './system-prompt';

describe('system prompt', () => {
  it('lists exactly the advertised renderers', () => {
    const prompt = buildSystemPrompt(['bailing-chart', 'bailing-form', 'custom-x']);
    expect(prompt).toContain('```bailing-chart fence');
    expect(prompt).toContain('```bailing-form fence: a form for the visitor to fill in, as a JSON object (at most 32 KiB) with only these keys:');
    // The form's real limits, so that the model's forms pass the validator.
    for (const rule of ['1 to 12 fields', "'multi_select'", 'at most 2000', 'YYYY-MM-DD', 'button labels 32', 'card numbers']) {
      expect(prompt).toContain(rule);
    }
    // A type the server has no format for is the client's own text: only its declared message names it.
    expect(prompt).not.toContain('custom-x');
    expect(prompt).toContain("- the block types of the page's own, listed in its <page_declared> message.");
    expect(prompt).toContain('never use any other special block type');
    expect(prompt).not.toContain('mermaid');
  });

  it('allows no special blocks when none are advertised', () => {
    const prompt = buildSystemPrompt([]);
    expect(prompt).toContain('GitHub-flavoured markdown');
    expect(prompt).not.toContain('bailing-chart');
    expect(prompt).toMatch(/never for charts, forms/);
  });
});
