import { describe, expect, it } from 'vitest';
import { MERMAID_LIMITS } from './limits';
import { checkMermaidSource, type MermaidSourceErrorType } from './mermaid-source';

describe('checkMermaidSource', () => {
  it.each([
    ['a flowchart', 'flowchart LR\n  A[Start] --> B{OK?}\n  B -->|yes| C[Done]'],
    ['a sequence diagram', 'sequenceDiagram\n  Alice->>Bob: Hi\n  Bob-->>Alice: Hello'],
    ['classDef colours without url()', 'flowchart LR\n  A --> B\n  classDef hot fill:#f96,stroke:#333\n  class A hot'],
    ['front matter with only a title', '---\ntitle: Orders\n---\nflowchart LR\n  A --> B'],
    ['a click directive (strict mode turns it off; it is not a text problem)', 'flowchart LR\n  A --> B\n  click A call alert()'],
    ['the largest diagram', 'flowchart LR\n' + 'x'.repeat(MERMAID_LIMITS.chars - 13)],
  ])('accepts %s', (_, source) => {
    expect(checkMermaidSource(source)).toEqual({ ok: true, source });
  });

  const cases: [string, unknown, MermaidSourceErrorType][] = [
    ['an object', { graph: 'LR' }, 'not-text'],
    ['blank text', '  \n ', 'empty'],
    ['too many characters', 'flowchart LR\n' + 'x'.repeat(MERMAID_LIMITS.chars), 'too-long'],
    ['too many lines', 'flowchart LR\n' + 'A-->B\n'.repeat(MERMAID_LIMITS.lines), 'too-many-lines'],
    ['a NUL', 'flowchart LR\n A\u0000 --> B', 'control-characters'],
    ['an init directive', '%%{init: {"themeCSS": "a{}"}}%%\nflowchart LR\n A --> B', 'directive'],
    ['a config directive with spaces', '%%  {config: {}}%%\nflowchart LR', 'directive'],
    ['front matter with a config', '---\nconfig:\n  theme: forest\n---\nflowchart LR\n A --> B', 'directive'],
    ['a style with url()', 'flowchart LR\n A --> B\n style A fill:url(https://evil.example/p.png)', 'css-url'],
    ['an @import', 'flowchart LR\n A["@import x"]', 'css-url'],
    ['a javascript: link', 'flowchart LR\n A --> B\n click A "javascript:alert(1)"', 'script-url'],
    ['a data: URL', 'flowchart LR\n A --> B\n click A href "data:text/html,x"', 'script-url'],
  ];
  it.each(cases)('rejects %s → %s', (_, source, type) => {
    const r = checkMermaidSource(source);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.type).toBe(type);
      expect(r.error.message).toMatch(/\S/);
    }
  });
});
