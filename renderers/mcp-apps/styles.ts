// The look of an MCP App view's chrome, over the sandbox's (the same box, title, notices).

import { SANDBOX_CSS } from '../sandbox/styles';

export const MCP_CSS =
  SANDBOX_CSS +
  `
.sbx.mcp .mcp-loading, .sbx.mcp .mcp-ask { margin: 0; padding: 8px 12px; font-size: 13px; }
.sbx.mcp .mcp-ask { border-top: 1px solid var(--bc-border, #e5e7eb); }
.sbx.mcp .mcp-ask p { margin: 0 0 4px; }
.sbx.mcp .mcp-text { margin: 0 0 8px; padding: 6px 10px; border-inline-start: 3px solid var(--bailing-accent, #2563eb); white-space: pre-wrap; overflow-wrap: anywhere; max-height: 12em; overflow: auto; }
.sbx.mcp .mcp-yes, .sbx.mcp .mcp-no, .sbx.mcp .mcp-exit { margin-inline-end: 6px; padding: 4px 12px; font: inherit; font-size: 13px; border-radius: 6px; cursor: pointer; border: 1px solid var(--bc-border, #e5e7eb); background: var(--bc-bg, #fff); color: inherit; }
.sbx.mcp .mcp-yes { color: var(--bailing-accent-text, #fff); background: var(--bailing-accent, #2563eb); border-color: transparent; }
.sbx.mcp.mcp-borderless { border-color: transparent; }
/* Over the whole panel (the nearest positioned box: the list and the rows are not), maximised. */
.sbx.mcp.mcp-full.mcp-full { position: absolute; inset: 0; z-index: 5; margin: 0; max-width: none; border-radius: 0; display: flex; flex-direction: column; }
.sbx.mcp.mcp-full .mcp-frame { flex: 1; height: auto !important; }
.sbx.mcp .mcp-exit { margin: 6px 12px 0; align-self: flex-start; }
`;
