// The AG-UI module (DESIGN.md §9): what widget.js fetches from beside itself (`ag-ui.js`) when a
// page fronts an AG-UI agent. Neither build carries it inside widget.js.
export { startAgent, type AgentStart, type StartedAgent } from './start';
