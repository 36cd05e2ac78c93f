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
    ['a class diagram with methods whose names end in Url, Image or Element', 'classDiagram\n  class Page {\n    +getUrl() String\n    +loadImage(src)\n    +createElement(tag)\n  }'],
    ['backslashes in shapes', 'flowchart LR\n  A[\\Alt\\] --> B[/Para/]'],
    ['"behavior:" in a label (an old IE property, not a load)', 'flowchart LR\n  A[Expected behavior: fast] --> B'],
    ['HTML references that spell nothing that loads', 'flowchart LR\n  A["R&amp;D &#35;1 &lt;b&gt;"] --> B'],
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
    ['a hex-escaped url() in a classDef', 'stateDiagram-v2\n  [*] --> A\n  classDef foo background:\\75rl(https://attacker.example/x)\n  class A foo', 'css-url'],
    ['a 6-digit escape', 'classDiagram\n  class A\n  style A background:\\000075rl(https://attacker.example/x)', 'css-url'],
    ['an escaped letter', 'classDiagram\n  class A\n  style A background:u\\rl(https://attacker.example/x)', 'css-url'],
    ['a comment in the name', 'classDiagram\n  class A\n  style A background:u/**/rl(https://attacker.example/x)', 'css-url'],
    ['an escape in the property name', 'stateDiagram-v2\n  [*] --> A\n  classDef foo backgr\\6fund-image:\\75rl(https://attacker.example/x)', 'css-url'],
    ['image-set() with an escape', 'stateDiagram-v2\n  [*] --> A\n  classDef foo background:im\\61ge-set("https://attacker.example/x" 1x)', 'css-url'],
    ['src()', 'classDiagram\n  class A\n  style A background:src("https://attacker.example/x")', 'css-url'],
    ['an escaped @import', 'flowchart LR\n A["@\\69mport x"]', 'css-url'],
    ['a label style with an HTML reference in url()', 'flowchart LR\n  A["<b style=\'background:&#117;rl(https://attacker.example/x)\'>x</b>"] --> B', 'css-url'],
    ['a hex reference without its semicolon', 'flowchart LR\n  A["<b style=\'background:&#x75rl(https://attacker.example/x)\'>x</b>"]', 'css-url'],
    ['a reference with leading zeros', 'flowchart LR\n  A["<b style=\'background:&#0000000117;rl(https://attacker.example/x)\'>x</b>"]', 'css-url'],
    ['a named reference for the bracket', 'flowchart LR\n  A["<b style=\'background:url&lpar;https://attacker.example/x)\'>x</b>"]', 'css-url'],
    ['a named reference for a backslash that starts a CSS escape', 'flowchart LR\n  A["<b style=\'background:&bsol;75rl(https://attacker.example/x)\'>x</b>"]', 'css-url'],
    ['a Mermaid entity', 'classDiagram\n  class A\n  style A background:#117;rl(https://attacker.example/x)', 'css-url'],
    ['an escaped javascript: URL', 'flowchart LR\n A --> B\n click A "&#106;avascript:alert(1)"', 'script-url'],
    ['a javascript: link', 'flowchart LR\n A --> B\n click A "javascript:alert(1)"', 'script-url'],
    ['a data: URL', 'flowchart LR\n A --> B\n click A href "data:text/html,x"', 'script-url'],
  ];
  it('says which construct it refused', () => {
    const r = checkMermaidSource('stateDiagram-v2\n  [*] --> A\n  classDef foo background:im\\61ge-set("https://attacker.example/x" 1x)');
    expect(r).toEqual({ ok: false, error: { type: 'css-url', message: 'styles may not load anything (this one uses image-set(), written out or escaped)' } });
  });

  it.each(cases)('rejects %s → %s', (_, source, type) => {
    const r = checkMermaidSource(source);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.type).toBe(type);
      expect(r.error.message).toMatch(/\S/);
    }
  });
});
