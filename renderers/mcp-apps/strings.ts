// The English words of an MCP App view's chrome; the widget's language table goes over them.

export const MCP_EN = {
  /** Above the frame: whose view it is. */
  mcpFrom: 'App view from',
  mcpLoading: 'Loading the app…',
  /** Under every view. */
  mcpCaution: 'App view from a tool server, isolated from this page. Do not type passwords or other secrets into it.',
  /** The view asks to send a message as the visitor; the text follows. */
  mcpAsksSend: 'The app wants to send this message for you:',
  mcpSend: 'Send',
  mcpCancel: 'Cancel',
  mcpExitFull: 'Back to the chat',
  mcpUnresponsive: 'This app is not responding.',
  mcpStop: 'Stop the app',
  mcpStopped: 'The app was stopped.',
  mcpNavigated: 'The app tried to leave its frame and was closed.',
  mcpNoStart: 'The app did not start; its result is shown instead.',
  mcpUnreadable: 'The app could not be loaded; its result is shown instead.',
  mcpFlood: 'The app sent too many messages and was closed.',
} as const;

export type McpStrings = { readonly [K in keyof typeof MCP_EN]: string };

export const mcpStrings = (words?: Partial<McpStrings>): McpStrings => ({ ...MCP_EN, ...words });
