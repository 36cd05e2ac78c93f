// The demo's scenarios as both demo agents read them (demo-agent.ts over the BailingHub contract,
// agui-demo.ts over AG-UI): the keywords that pick each shared scenario, and the fixed answers of
// those that only say something. Each agent lists the order it tries them in, with its own
// scenarios between them; the first match wins, so "slow chart" is slow.
import { CHART_ANSWER, DIAGRAM_ANSWER, HELLO_ANSWER, LONG_ANSWER, MATH_ANSWER, VEGA_ANSWER } from './demo-replies';

/** Whole words only: "this" is not "hi". */
export const DEMO_KEYWORDS = {
  fail: /\b(?:fail\w*|error\w*)\b/i,
  timeout: /\btimeout\b/i,
  drop: /\bdrop\w*\b/i,
  slow: /\bslow\w*\b/i,
  tool: /\b(?:tools?|weather|search\w*)\b/i,
  docs: /\b(?:docs|documentation)\b/i,
  files: /\b(?:files|attachments?)\b/i,
  recap: /\b(?:recap|remember)\b|\bwhat did i (?:say|ask|write)\b/i,
  vega: /\bvega(?:-lite)?\b/i,
  diagram: /\b(?:diagrams?|mermaid|flowcharts?)\b/i,
  chart: /\bcharts?\b/i,
  a2ui: /\b(?:a2ui|reservations?|reserve|book a table)\b/i,
  products: /\b(?:products?|shop(?:ping)?)\b/i,
  form: /\b(?:forms?|refund\w*|bookings?)\b/i,
  math: /\b(?:math|formulas?|equations?)\b/i,
  hello: /\b(?:hello|hi|hey)\b/i,
} as const;
export type DemoKeyword = keyof typeof DEMO_KEYWORDS;

/** The scenarios whose answer is one fixed text, streamed as it is. */
export const FIXED_ANSWERS = {
  vega: VEGA_ANSWER,
  diagram: DIAGRAM_ANSWER,
  chart: CHART_ANSWER,
  math: MATH_ANSWER,
  hello: HELLO_ANSWER,
  long: LONG_ANSWER,
} as const;
export type FixedScenario = keyof typeof FIXED_ANSWERS;
export const isFixed = (scenario: string): scenario is FixedScenario => Object.hasOwn(FIXED_ANSWERS, scenario);

/** A trigger table in the order given: a shared scenario by name, or an agent's own [name, pattern]. */
export function triggerTable<S extends string>(order: readonly (Extract<DemoKeyword, S> | readonly [S, RegExp])[]): readonly (readonly [S, RegExp])[] {
  return order.map((entry) => (typeof entry === 'string' ? ([entry, DEMO_KEYWORDS[entry]] as const) : entry));
}
