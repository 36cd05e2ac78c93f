// The backend tools both agents have, written once: the weather (a quick result), a report that
// works for a long time (to stop or reload during), an order lookup (a run of tools and no words).
import { z } from 'zod';
import { LOOKUP_RESULT, REPORT_TOOL_MS, WEATHER_RESULT } from './script';

export const weatherInput = z.object({ city: z.string() });
export const reportInput = z.object({ month: z.string() });
export const lookupInput = z.object({ order: z.string() });
export const restartInput = z.object({ host: z.string() });

export const weather = async () => WEATHER_RESULT;
export const lookup = async () => LOOKUP_RESULT;

/** Resolves after REPORT_TOOL_MS, or as soon as the run is aborted. */
export function report(signal?: AbortSignal): Promise<{ pages: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve({ pages: 3 }), REPORT_TOOL_MS);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('the report was stopped'));
    });
  });
}
