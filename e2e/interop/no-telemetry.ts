// Imported before any framework: both frameworks report usage to their makers' hosts unless
// told not to (CopilotKit's runtime to Segment, Mastra's core to PostHog), and these tests make
// no request that leaves the machine. Each reads its switch when it would send, not at import.
process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';
process.env.MASTRA_TELEMETRY_DISABLED = '1';
process.env.DO_NOT_TRACK = '1';
process.env.SCARF_ANALYTICS = 'false';

export {};
