// The benchmark's reply: deterministic markdown of a chosen size (headings, paragraphs with
// emphasis, inline code and links, nested lists, GFM tables, fenced code blocks), the counts of
// what it should render to, and its split into stream deltas.

/** What a complete render of the reply must contain (so a widget that renders less cannot look faster). */
export interface ReplyCounts {
  headings: number;
  codeBlocks: number;
  tables: number;
  listItems: number;
  links: number;
}

export interface BenchReply {
  text: string;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  counts: ReplyCounts;
}

/** Characters per delta, like the demo agent's chunks (DEMO_CHUNK_CHARS). */
export const DELTA_CHARS = 12;

/** mulberry32: a small seeded PRNG, so every run and every widget gets the same text. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'widget stream render latency buffer token layout paint frame budget server client reply ' +
  'markdown table list heading parser sanitizer history thread visitor entry launcher panel ' +
  'composer message bubble scroll anchor shadow root style sheet theme accent contrast focus ' +
  'keyboard screen reader network socket retry backoff cursor event delta sequence round phase ' +
  'tool answer question context ticket upload rating chart form sandbox policy frame bridge'
).split(' ');
const TOPICS = ['Installation', 'Configuration', 'Streaming', 'Rendering', 'History', 'Security', 'Theming', 'Accessibility', 'Reconnects', 'Renderers'];
const LANGS = ['ts', 'js', 'json', 'sh', 'css', 'html'];
// A few non-ASCII characters, one outside the BMP, so the delta split meets surrogate pairs.
const GARNISH = ['café', 'naïve', '—', '→', '✓', '🚀', '数据', 'Zürich'];

/**
 * Markdown of at least `kb` KiB (UTF-8), the same for a given size on every call.
 * Sections repeat a fixed mix of blocks with varying words until the size is reached.
 */
export function benchReply(kb: number): BenchReply {
  const target = Math.max(1, kb) * 1024;
  const rand = prng(0x5eed + Math.round(kb * 10));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const counts: ReplyCounts = { headings: 0, codeBlocks: 0, tables: 0, listItems: 0, links: 0 };
  let linkId = 0;
  const link = (): string => {
    counts.links++;
    linkId++;
    return `[${words(2)}](https://docs.example.com/guide/${linkId}?ref=bench)`;
  };
  const sentence = (): string => {
    const parts = [words(4 + Math.floor(rand() * 6))];
    const roll = rand();
    if (roll < 0.25) parts.push(`**${words(2)}**`);
    else if (roll < 0.45) parts.push(`*${words(2)}*`);
    else if (roll < 0.6) parts.push(`\`${pick(WORDS)}()\``);
    else if (roll < 0.75) parts.push(link());
    else if (roll < 0.85) parts.push(pick(GARNISH));
    parts.push(words(3 + Math.floor(rand() * 5)));
    const text = parts.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (): string => Array.from({ length: 3 + Math.floor(rand() * 3) }, sentence).join(' ');

  const blocks: string[] = [];
  let size = 0;
  const push = (block: string): void => {
    blocks.push(block);
    size += Buffer.byteLength(block, 'utf8') + 2;
  };
  counts.headings++;
  push(`# Bench guide: ${TOPICS.join(', ')}`);
  // Each section is a fixed sequence of blocks; the reply stops at the first block boundary
  // past the target size, so a 60 KB reply is 60 KB (plus one block), not a whole section more.
  let section = 0;
  const sectionBlocks = (topic: string): (() => string)[] => [
    () => {
      counts.headings++;
      return `## ${section}. ${topic}`;
    },
    paragraph,
    () => {
      // A bulleted list with a nested level.
      const items: string[] = [];
      for (let i = 0; i < 3; i++) {
        counts.listItems++;
        items.push(`- ${sentence()}`);
        if (i === 1) {
          for (let j = 0; j < 2; j++) {
            counts.listItems++;
            items.push(`  - ${words(3)} ${link()}`);
          }
        }
      }
      return items.join('\n');
    },
    () => {
      counts.headings++;
      return `### ${topic} options`;
    },
    () => {
      // A GFM table.
      const rows = ['| option | type | default | notes |', '| --- | :---: | ---: | --- |'];
      for (let r = 0; r < 4; r++) rows.push(`| \`${pick(WORDS)}\` | ${pick(['string', 'number', 'boolean'])} | ${Math.floor(rand() * 1000)} | ${words(4)} |`);
      counts.tables++;
      return rows.join('\n');
    },
    paragraph,
    () => {
      // A fenced code block.
      const lang = pick(LANGS);
      const lines = Array.from({ length: 6 }, (_, i) => `${i === 0 ? 'const' : '  '} ${pick(WORDS)}_${i} = "${words(3)}";`);
      counts.codeBlocks++;
      return ['```' + lang, ...lines, '```'].join('\n');
    },
    () => {
      // An ordered list.
      const steps: string[] = [];
      for (let i = 1; i <= 3; i++) {
        counts.listItems++;
        steps.push(`${i}. ${sentence()}`);
      }
      return steps.join('\n');
    },
    () => `> ${sentence()}`,
  ];
  outer: while (size < target) {
    section++;
    for (const block of sectionBlocks(TOPICS[(section - 1) % TOPICS.length]!)) {
      push(block());
      if (size >= target) break outer;
    }
  }
  const text = blocks.join('\n\n') + '\n';
  return { text, bytes: Buffer.byteLength(text, 'utf8'), counts };
}

/** Splits into deltas of `size` code points, never inside a surrogate pair. */
export function splitDeltas(text: string, size = DELTA_CHARS): string[] {
  const points = Array.from(text);
  const deltas: string[] = [];
  for (let i = 0; i < points.length; i += size) deltas.push(points.slice(i, i + size).join(''));
  return deltas;
}
