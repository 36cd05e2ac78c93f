// SSE framing (pure). JSON text never contains a raw CR or LF, so one `data:` line suffices.

export interface SseFrame {
  id?: number;
  event: string;
  data: string;
}

export function formatSse(frame: SseFrame): string {
  const id = frame.id === undefined ? '' : `id: ${frame.id}\n`;
  return `${id}event: ${frame.event}\ndata: ${frame.data}\n\n`;
}

export const formatRetry = (ms: number): string => `retry: ${ms}\n\n`;

/** `Last-Event-ID` (header or `?last_event_id=`): a non-negative integer, anything else means 0. */
export function parseLastEventId(value: string | null | undefined): number {
  if (value === null || value === undefined || !/^\d{1,12}$/.test(value.trim())) return 0;
  return Number(value.trim());
}
