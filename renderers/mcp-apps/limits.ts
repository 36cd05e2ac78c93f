// The limits of an MCP App view (host.ts): how long it may take to start and to answer, how much it
// may post and ask at once, how many warnings it may cause, and its frame's heights.

/** Timings: a view must say `initialized` within INIT_MS of its document; teardown waits TEARDOWN_MS for the view's answer. */
export const MCP_TIMING = Object.freeze({ INIT_MS: 15_000, TEARDOWN_MS: 1000, HEARTBEAT_MS: 2000, UNRESPONSIVE_MS: 6000 });
/** Messages one view may post in one second before it is closed as a flood. */
export const MAX_MESSAGES_PER_SECOND = 100;
/** Requests of one view waiting for an answer at once; more are refused. */
export const MAX_PENDING = 16;
export const MAX_WARNINGS = 20;
export const MIN_HEIGHT = 48;
export const INITIAL_HEIGHT = 200;
