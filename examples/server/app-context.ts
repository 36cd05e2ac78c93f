// What route handlers share: the server's long-lived parts and, per request, the resolved entry.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AguiAgent } from './agents/agui-agent';
import type { ClientLimits } from './http/client-limits';
import type { EntriesConfig, EntryConfig } from './settings/entries';
import type { EventBus } from './hub/event-bus';
import type { JobRunner } from './hub/job-runner';
import type { RateLimiter } from './http/rate-limit';
import type { Store } from './storage/store';
import type { StaticSite } from './http/static-files';
import type { StreamHintsRegistry } from './demo/stream-hints';
import type { DemoScenario } from './agents/demo-agent';
import type { AddressUploads, UploadQuota } from './hub/uploads/upload-quota';
import type { PetstoreFake } from './demo/petstore';

export interface AppContext {
  /** Repository root, for static files. */
  rootDir: string;
  /** Static files also include the browser tests' pages (static-files.ts). */
  site: StaticSite;
  entries: EntriesConfig;
  store: Store;
  bus: EventBus;
  runner: JobRunner;
  /** Answers `POST /agui/:entry` runs (the demo's, or an OpenAI-compatible model's). */
  aguiAgent: AguiAgent;
  limiter: RateLimiter;
  /** Rate limits of `/thread` and `/events`, and the caps on open streams. */
  clientLimits: ClientLimits;
  hints: StreamHintsRegistry;
  /** Set in demo mode: which demo a message triggers (for its stream hints). */
  demoScenario: ((text: string, isInteraction: boolean) => DemoScenario) | null;
  /** The clock of uploads, their quotas, their retention and AG-UI interrupts' expiry (tests move it). */
  now: () => number;
  uploadQuota: UploadQuota;
  /** Anonymous visitors' uploads per entry and address, for the address's share of the quota. */
  addressUploads: AddressUploads;
  pingIntervalMs: number;
  streamWindowMs: number;
  /** The server's public origin (public-origin.ts): absolute URLs and same-origin checks use it, never Host. */
  origin: () => string;
  log: (line: string) => void;
  /** Open SSE streams register here so close() can end them. */
  trackStream: (close: () => void) => () => void;
  /** The Petstore fake the OpenAPI pack's demo calls (petstore.ts). */
  petstore: PetstoreFake;
}

export interface ChatRequest {
  app: AppContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  entry: EntryConfig;
  /** Captures of the route pattern (job id, …). */
  params: string[];
  /** CORS headers every answer of this request carries. */
  cors: Record<string, string>;
}

export type ChatHandler = (request: ChatRequest) => Promise<void> | void;
