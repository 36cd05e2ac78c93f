// Request throughput of `GET /chat/<entry>/config` (what every page with the widget asks first),
// measured with autocannon (a devDependency, loaded only here so the rest of the run works
// without it). Written against autocannon's documented programmatic API: `autocannon(opts)`
// returns a promise of the results object.

export const AUTOCANNON_MISSING = 'autocannon is not installed (a devDependency: autocannon@^9): npm install first';

export interface ConfigLoadResult {
  url: string;
  connections: number;
  durationS: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Connection errors and timeouts, and answers that were not 2xx. */
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** The part of autocannon's results object we read (its README, "Results"). */
interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
  total?: number;
}
interface AutocannonResults {
  requests: Histogram;
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx'?: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; timeout?: number; headers?: Record<string, string> }) => Promise<AutocannonResults>;

/** autocannon's entry point, or null when it is not installed. */
export async function loadAutocannon(): Promise<Autocannon | null> {
  // A variable specifier: the bundler leaves it to Node, which resolves it from node_modules at run time.
  const specifier = 'autocannon';
  try {
    const module = (await import(specifier)) as { default?: Autocannon };
    return typeof module.default === 'function' ? module.default : null;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

export async function runConfigLoad(autocannon: Autocannon, baseUrl: string, entry: string, durationS: number, connections: number): Promise<ConfigLoadResult> {
  const url = `${baseUrl}/chat/${entry}/config`;
  const result = await autocannon({ url, connections, duration: durationS, timeout: 10 });
  return {
    url,
    connections,
    durationS: result.duration,
    requests: result.requests.total ?? Math.round(result.requests.average * result.duration),
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
