// JSX still being written, closed so it may compile: the drafts the frame tries, checked against
// sucrase's own JSX transform (the compiler of dist/jsx.js is its JSX part).
import { transform } from 'sucrase';
import { describe, expect, it } from 'vitest';
import { closeJsx, drafts, literalEnd } from './complete';

const compiles = (code: string) => {
  try {
    transform(code, { transforms: ['jsx'], jsxRuntime: 'classic', production: true, jsxPragma: 'h', jsxFragmentPragma: 'Fragment' });
    return true;
  } catch {
    return false;
  }
};

describe('closeJsx', () => {
  it.each([
    ['function App() { return <Card title="A"><Field label="x" />', 'function App() { return <Card title="A"><Field label="x" /></Card>}'],
    ['function App() {\n  return (\n    <Card title="A">\n      <p>Hel', 'function App() {\n  return (\n    <Card title="A">\n      <p>Hel</p></Card>)}'],
    // A tag still being written goes.
    ['function App() { return <Card title="A"><Field lab', 'function App() { return <Card title="A"></Card>}'],
    ['function App() { return <Card title="A"><Field label={"x', 'function App() { return <Card title="A"></Card>}'],
    ['function App() { return <div><p>a</p></di', 'function App() { return <div><p>a</p></div>}'],
    ['function App() { return <>{items.map((i) => <li key={i}>{i}</li>)}<p', 'function App() { return <>{items.map((i) => <li key={i}>{i}</li>)}</>}'],
    ['const s = `a ${b + `c', 'const s = `a ${b + `c`}`'],
    ['const t = "half', 'const t = '],
    ['// a comment', ''],
    ['f(1 /* note', 'f(1 )'],
    ['const ok = a < b && c > d; function App() { return <b>', 'const ok = a < b && c > d; function App() { return <b></b>}'],
    ['const r = /[)}]/.test(x); g(', 'const r = /[)}]/.test(x); g()'],
    ['if (a) { x = [1, 2', 'if (a) { x = [1, 2]}'],
    ['done();', 'done();'],
  ])('%j', (code, closed) => {
    expect(closeJsx(code)).toBe(closed);
  });
});

describe('drafts', () => {
  const view = `const money = (n) => n.toFixed(2);

function App() {
  const [bill, setBill] = useState('84.50');
  const total = parseFloat(bill) * 1.15;
  return (
    <Card title="Your share">
      <Field label="Bill" value={bill} onInput={setBill} />
      <p className="total">Each pays {money(total / 3)}</p>
      <Button variant="primary" onClick={() => agent.send({ text: 'x' })}>Send</Button>
    </Card>
  );
}`;
  it('every prefix of a view at a line end has a draft that compiles, once App has begun', () => {
    const start = view.indexOf('function App');
    for (let end = view.indexOf('\n', start); end > 0; end = view.indexOf('\n', end + 1)) {
      const prefix = view.slice(0, end);
      expect([...drafts(prefix)].some(compiles), prefix).toBe(true);
    }
  });
  it('most prefixes cut anywhere have one too (a string or a tag half-written is cut back)', () => {
    let ok = 0;
    const start = view.indexOf('return (');
    for (let end = start; end <= view.length; end++) if ([...drafts(view.slice(0, end))].some(compiles)) ok++;
    expect(ok / (view.length - start + 1)).toBeGreaterThan(0.9);
  });
  it('the whole view is its own first draft', () => {
    expect(drafts(view).next().value).toBe(view);
    expect(compiles(view)).toBe(true);
  });
});

describe('literalEnd', () => {
  it.each<[string, number, boolean, number]>([
    ['"abc" + x', 0, false, 5],
    ["f('a\\'b')", 2, false, 8],
    ['"half', 0, false, -1],
    ['"one\nline"', 0, false, -1],
    ['"a\\\nb"', 0, false, 6],
    ["'a\\", 0, false, -1],
    ['x = /a[/]b/g', 4, true, 11],
    ['/[)}]/.test(x)', 0, true, 6],
    ['/a\\/b/', 0, true, 6],
    ['/open', 0, true, -1],
    ['/a[/\n]/', 0, true, -1],
    ['"[" + "]"', 0, false, 3],
  ])('%j from %i (regex %s) ends at %i', (code, i, regex, end) => expect(literalEnd(code, i, regex)).toBe(end));
});
