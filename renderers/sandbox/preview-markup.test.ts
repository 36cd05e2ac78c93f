// The host's trimming of a streaming view's markup and props for its preview: what may be drawn
// of what the model has written so far. The frame strips again and its CSP refuses every script
// of the model's; this layer must hold on its own all the same.
import { describe, expect, it } from 'vitest';
import { previewPayload } from '../../widget/registry/payload';
import { previewHtml, previewView, scriptUrl } from './preview-markup';

describe('previewHtml: the half-written end', () => {
  it.each([
    ['<p>Hello</p><di', '<p>Hello</p>'],
    ['<p>Hello</p><', '<p>Hello</p>'],
    ['<p>Hello</p></', '<p>Hello</p>'],
    ['<p>Hello</p></di', '<p>Hello</p>'],
    ['<p class="a b', ''],
    ['<p>1 < 2', '<p>1 < 2'],
    ['<p>x</p><!-- a note', '<p>x</p>'],
    // A quoted value holding `>` that is still open: the tag is not over.
    ['<p title="a > b', ''],
    ['<p title="a > b" class=x>ok', '<p title="a > b" class=x>ok'],
    ['Tom &amp', 'Tom '],
    ['Tom &', 'Tom '],
    ['&#x2', ''],
    ['caf&eacute;', 'caf&eacute;'],
    ['caf&eacute', 'caf'],
    ['caf&eacute; ok', 'caf&eacute; ok'],
  ])('%j → %j', (html, out) => {
    expect(previewHtml(html)).toBe(out);
  });
});

describe('previewHtml: scripts', () => {
  it.each([
    ['<p>a</p><script>parent.postMessage(1, "*")</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['<p>a</p><SCRIPT type="module">x()</SCRIPT >b', '<p>a</p>b'],
    ['<p>a</p><script>let s = "</p><p>"; go(', '<p>a</p>'],
    ['<p>a</p><script', '<p>a</p>'],
    ['<p>a</p><script src="x.js"></script>', '<p>a</p>'],
    ['<svg><script>alert(1)</script></svg>', '<svg></svg>'],
    // What the removal leaves joined is read again as markup, and cleaned like the rest.
    ['<<script>x</script>img src=x onerror=alert(1)>', '<img src=x>'],
  ])('%j → %j', (html, out) => {
    expect(previewHtml(html)).toBe(out);
  });
});

describe('previewHtml: handlers, javascript: URLs, dropped elements', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '<img src=x>'],
    ['<img src="x" ONERROR="alert(1)" alt="a">', '<img src="x" alt="a">'],
    ['<svg onload=alert(1)><circle r=1 /></svg>', '<svg><circle r=1 /></svg>'],
    ['<svg/onload=alert(1)>', '<svg>'],
    ['<img src=x/onerror=alert(1)>', '<img src=x/onerror=alert(1)>'],
    ['<b x"y a="p>q" onmouseover=alert(1)>t</b>', '<b x"y a="p>q">t</b>'],
    ['<b =onclick=alert(1)>t</b>', '<b =onclick=alert(1)>t</b>'],
    ['<div\tonclick\n=\n"go()">t</div>', '<div>t</div>'],
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href=" JavaScript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="java&#x09;script:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="&#106;avascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="&#0000106&#0000097vascript&colon;alert(1)">a</a>', '<a>a</a>'],
    ['<a href="jav&Tab;ascript:alert(1)">a</a>', '<a>a</a>'],
    ['<svg><a><animate attributeName="href" values="x;javascript:alert(1)" /></a></svg>', '<svg><a><animate attributeName="href" /></a></svg>'],
    ['<form action="javascript:go()"><button formaction="javascript:go()">b</button></form>', '<form><button>b</button></form>'],
    ['<a href="https://example.com/?q=javascript">a</a>', '<a href="https://example.com/?q=javascript">a</a>'],
    ['<meta http-equiv="refresh" content="0;url=https://example.com"><p>x</p>', ' <p>x</p>'],
    ['<iframe srcdoc="&lt;script&gt;x()&lt;/script&gt;"></iframe><object data=x></object><embed src=x><base href=/><link rel=stylesheet href=x>', ' </iframe> </object>   '],
    ['<<meta>img src=x onerror=alert(1)>', '< img src=x onerror=alert(1)>'],
    ['<template><img src=x onerror=alert(1)></template>', ' <img src=x></template>'],
    ['<p title="a > b" onclick="x">ok</p>', '<p title="a > b">ok</p>'],
    ['<input value=\'it\'s\' onfocus=x autofocus>', '<input value=\'it\' s\' autofocus>'],
  ])('%j → %j', (html, out) => {
    expect(previewHtml(html)).toBe(out);
  });

  it('leaves markup that needs nothing alone', () => {
    const html = '<div class="keys" id="keys" style="display:grid"><button aria-label="Clear" disabled>C</button><br><img alt="" src="data:image/png;base64,AAAA"></div>';
    expect(previewHtml(html)).toBe(html);
  });
});

describe('scriptUrl', () => {
  it.each([
    ['"javascript:x"', true],
    ["'\u0001javascript:x'", true],
    ['j&#97;vascript:x', true],
    ['&#x6A;avascript:x', true],
    ['&#106avascript:x', true],
    ['"https://a.example/javascript"', false],
    ['"#top"', false],
    ['', false],
  ])('%j → %s', (value, out) => {
    expect(scriptUrl(value)).toBe(out);
  });
});

describe('previewView: the props as they stream', () => {
  const of = (source: string) => previewView(previewPayload(source, 'application/json'));
  it.each([
    ['{', { css: '', html: '', jsx: '' }],
    ['{"title": "T", "css": "p { color: re', { css: '', html: '', jsx: '' }],
    // The CSS applies once its string has closed: the next field has begun.
    ['{"title": "T", "css": "p { color: red }", "ht', { css: '', html: '', jsx: '' }],
    ['{"title": "T", "css": "p { color: red }", "html": "', { css: 'p { color: red }', html: '', jsx: '' }],
    ['{"css": "p{}", "html": "<p>Hi <b>the', { css: 'p{}', html: '<p>Hi <b>the', jsx: '' }],
    ['{"css": "p{}", "html": "<p>Hi</p><img src=x onerror=\\"go()\\"><scr', { css: 'p{}', html: '<p>Hi</p><img src=x>', jsx: '' }],
    ['{"html": "<p>a</p>", "jsFunctions": "function go() {', { css: '', html: '<p>a</p>', jsx: '' }],
    ['{"css": "b{}", "jsx": "function App() { return <Card', { css: 'b{}', html: '', jsx: 'function App() { return <Card' }],
    ['{"css": 7, "html": ["<p>"], "jsx": null, "x": 1}', { css: '', html: '', jsx: '' }],
    ['[{"html": "<p>x</p>"}]', { css: '', html: '', jsx: '' }],
  ])('%j', (source, view) => {
    expect(of(source)).toEqual(view);
  });
});
