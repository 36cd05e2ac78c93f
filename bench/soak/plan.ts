// What the soak agent answers, as a pure function of the visitor's message: the checker computes
// the same plan from the message it sent, so every answer can be compared with what it should be,
// delta by delta. Words are numbered and carry the message's tag, so a duplicated, missing,
// reordered or misrouted chunk changes the text.
//
// Message: `soak:<tag> [chars=N] [delta=N] [every=N]`; what it leaves out comes from the server's
// defaults (env of bench/soak/server.ts).

export interface PlanSettings {
  /** Approximate reply length: whole paragraphs are added until the reply has at least this many characters. */
  chars: number;
  /** Characters per delta (the last one may be shorter). */
  deltaChars: number;
  /** Pause between two deltas; 0 = back to back. */
  intervalMs: number;
}

export interface Plan extends PlanSettings {
  tag: string;
  reply: string;
  deltas: readonly string[];
}

/** Bounds on what a message may ask for: a soak answer stays finite whatever is typed. */
export const PLAN_LIMITS = Object.freeze({
  maxChars: 256 * 1024,
  maxIntervalMs: 5_000,
  maxTagChars: 40,
});

export const WORDS_PER_PARAGRAPH = 8;

const MESSAGE = /^soak:([A-Za-z0-9]{1,40})((?:\s+[a-z]+=\d{1,7})*)\s*$/;

/** The plan a message asks for, or null when it is not a soak message. */
export function planFromMessage(message: string, defaults: PlanSettings): Plan | null {
  const match = MESSAGE.exec(message.trim());
  if (!match) return null;
  const settings: PlanSettings = { ...defaults };
  for (const pair of match[2]!.trim().split(/\s+/).filter(Boolean)) {
    const [key, raw] = pair.split('=') as [string, string];
    const value = Number(raw);
    if (key === 'chars') settings.chars = value;
    else if (key === 'delta') settings.deltaChars = value;
    else if (key === 'every') settings.intervalMs = value;
    else return null;
  }
  return buildPlan(match[1]!, settings);
}

/** The message that asks for this plan. */
export function messageFor(tag: string, settings: Partial<PlanSettings> = {}): string {
  const parts = [`soak:${tag}`];
  if (settings.chars !== undefined) parts.push(`chars=${settings.chars}`);
  if (settings.deltaChars !== undefined) parts.push(`delta=${settings.deltaChars}`);
  if (settings.intervalMs !== undefined) parts.push(`every=${settings.intervalMs}`);
  return parts.join(' ');
}

export function buildPlan(tag: string, settings: PlanSettings): Plan {
  const chars = clamp(Math.round(settings.chars), 1, PLAN_LIMITS.maxChars);
  const deltaChars = clamp(Math.round(settings.deltaChars), 1, PLAN_LIMITS.maxChars);
  const intervalMs = clamp(Math.round(settings.intervalMs), 0, PLAN_LIMITS.maxIntervalMs);
  const reply = replyText(tag.slice(0, PLAN_LIMITS.maxTagChars), chars);
  const deltas: string[] = [];
  for (let i = 0; i < reply.length; i += deltaChars) deltas.push(reply.slice(i, i + deltaChars));
  return { tag, chars, deltaChars, intervalMs, reply, deltas };
}

/**
 * Markdown paragraphs `**Part k.** <tag>n00001 <tag>n00002 …`, separated by blank lines, until
 * the text has at least `chars` characters.
 */
export function replyText(tag: string, chars: number): string {
  const paragraphs: string[] = [];
  let length = 0;
  let word = 0;
  for (let part = 1; length < chars; part++) {
    const words: string[] = [];
    for (let i = 0; i < WORDS_PER_PARAGRAPH; i++) words.push(`${tag}n${String(++word).padStart(5, '0')}`);
    const paragraph = `**Part ${part}.** ${words.join(' ')}`;
    length += (paragraphs.length ? 2 : 0) + paragraph.length;
    paragraphs.push(paragraph);
  }
  return paragraphs.join('\n\n');
}

/** The text of each paragraph as a browser shows it (the bold markers rendered away). */
export function renderedParagraphs(reply: string): string[] {
  return reply.split('\n\n').map((paragraph) => paragraph.replace(/\*\*/g, ''));
}

/** Letters and digits only: what stays of a text whatever markdown and layout do to it. */
export function letters(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '');
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}
