// The demo agent's views that call the page's capability packs (DESIGN.md §8.3): when the page
// advertises `documentSearch` (client_capabilities.sandbox_packs), "search the docs …" gets a view
// that searches the site's documents through it and shows the hits; when it advertises `stores`,
// "list the docs" gets a view that lists the documents (stores.list) and opens one (stores.read);
// when it advertises the Petstore client (`petstore`), "pets" gets a view that lists the pets and
// adds one through it.
// Written the way a model writes them, against the docs the packs give (the props of
// demo-sandbox.ts, in their field order). Text from the packs is put in with textContent only.
import type { ViewProps } from './demo-sandbox';

const CSS = `
body { padding: 12px; }
button { cursor: pointer; border-radius: 8px; border: 1px solid var(--sandbox-border); background: var(--sandbox-bg); color: var(--sandbox-fg); padding: 6px 12px; }
button:focus-visible, input:focus-visible { outline: 2px solid var(--sandbox-accent); outline-offset: 1px; }
.primary { background: var(--sandbox-accent); color: var(--sandbox-accent-text); border-color: transparent; }
.muted { color: var(--sandbox-muted); font-size: 12px; }
.row { display: flex; gap: 8px; }
input { flex: 1; min-width: 0; padding: 7px 8px; border: 1px solid var(--sandbox-border); border-radius: 8px; background: var(--sandbox-bg); color: var(--sandbox-fg); }
`;

/** The query in "search the docs for refunds" (`refunds`); the demo's default otherwise. */
export function searchQueryOf(text: string): string {
  const match = /\b(?:for|about|on)\s+(.+?)\s*[?.!]*$/i.exec(text);
  return (match?.[1] ?? 'backups').slice(0, 100);
}

export function docsSearchView(query: string): ViewProps {
  return {
    initialHeight: 300,
    placeholderMessages: ['Setting up a search of the docs…'],
    title: 'Search the docs',
    summary: "Searches the site's documentation from inside the chat and lists the best passages with their scores.",
    css:
      CSS +
      `
ol { padding-left: 20px; margin: 10px 0 0; }
li { margin: 0 0 10px; }
.hit-title { font-weight: 600; }
.score { margin-left: 6px; }
.content { margin: 2px 0 0; }`,
    html: `<div class="row"><input id="q" aria-label="Search the docs" placeholder="Search the docs"><button id="go" class="primary">Search</button></div>
<p id="status" class="muted" role="status"></p>
<ol id="hits"></ol>`,
    jsFunctions: `
async function run(query) {
  const status = document.getElementById('status');
  const list = document.getElementById('hits');
  if (!query.trim()) { status.textContent = 'Type what to look for.'; return; }
  status.textContent = 'Searching…';
  try {
    const hits = await documentSearch(query, 5);
    list.replaceChildren(...hits.map((hit) => {
      const li = document.createElement('li');
      const title = document.createElement('span');
      title.className = 'hit-title';
      title.textContent = hit.documentTitle;
      const score = document.createElement('span');
      score.className = 'score muted';
      score.textContent = 'score ' + Number(hit.score).toFixed(2);
      const content = document.createElement('p');
      content.className = 'content';
      content.textContent = hit.content;
      li.append(title, score, content);
      return li;
    }));
    status.textContent = hits.length ? hits.length + ' passage' + (hits.length == 1 ? '' : 's') + ' for “' + query + '”' : 'Nothing found for “' + query + '”.';
  } catch (e) {
    list.replaceChildren();
    status.textContent = 'The search failed: ' + e.message;
  }
}`,
    jsExpressions: [
      `const q = document.getElementById('q');
q.value = ${JSON.stringify(query)};
document.getElementById('go').onclick = () => run(q.value);
q.onkeydown = (e) => { if (e.key === 'Enter') run(q.value); };
run(q.value);`,
    ],
  };
}

export const DOCS_VIEW: ViewProps = {
  initialHeight: 320,
  placeholderMessages: ['Listing the docs…'],
  title: 'The docs',
  summary: "Lists the site's documents and shows the one you pick, read from the site's document store.",
  css:
    CSS +
    `
ul { list-style: none; padding: 0; margin: 8px 0 0; display: flex; flex-wrap: wrap; gap: 6px; }
button[aria-pressed="true"] { border-color: var(--sandbox-accent); }
article { margin-top: 12px; border-top: 1px solid var(--sandbox-border); padding-top: 8px; }
h2 { font-size: 15px; margin: 0 0 4px; }
#doc-text { margin: 0; white-space: pre-wrap; }`,
  html: `<p id="status" class="muted" role="status">Listing…</p>
<ul id="docs"></ul>
<article id="doc" hidden><h2 id="doc-title"></h2><p id="doc-text"></p></article>`,
  jsFunctions: `
async function openDoc(doc, button) {
  for (const other of document.querySelectorAll('#docs button')) other.setAttribute('aria-pressed', String(other === button));
  const article = document.getElementById('doc');
  document.getElementById('doc-title').textContent = doc.title;
  document.getElementById('doc-text').textContent = 'Reading…';
  article.hidden = false;
  try {
    const text = await stores.read(doc.id);
    document.getElementById('doc-text').textContent = text || 'This document is empty.';
  } catch (e) {
    document.getElementById('doc-text').textContent = 'Could not read it: ' + e.message;
  }
}
async function list() {
  const status = document.getElementById('status');
  try {
    const docs = await stores.list();
    document.getElementById('docs').replaceChildren(...docs.map((doc) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.textContent = doc.title;
      button.setAttribute('aria-pressed', 'false');
      button.onclick = () => openDoc(doc, button);
      li.append(button);
      return li;
    }));
    status.textContent = docs.length + ' document' + (docs.length == 1 ? '' : 's') + ' on this site. Pick one to read it.';
  } catch (e) {
    status.textContent = 'Could not list the docs: ' + e.message;
  }
}`,
  jsExpressions: [`list();`],
};

export const PETS_VIEW: ViewProps = {
  initialHeight: 320,
  placeholderMessages: ['Fetching the pet shop…'],
  title: 'Pets in the shop',
  summary: "Lists the pet shop's pets through the site's Petstore API and adds a new one.",
  css:
    CSS +
    `
table { width: 100%; border-collapse: collapse; margin-top: 8px; }
th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--sandbox-border); }
th { font-size: 12px; color: var(--sandbox-muted); font-weight: 600; }
h2 { font-size: 14px; margin: 14px 0 6px; }`,
  html: `<p id="status" class="muted" role="status">Loading…</p>
<table><thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">Tag</th></tr></thead><tbody id="pets"></tbody></table>
<h2>Add a pet</h2>
<div class="row"><input id="name" aria-label="Name" placeholder="Name"><input id="tag" aria-label="Tag" placeholder="Tag (dog, cat…)"><button id="add" class="primary">Add</button></div>`,
  jsFunctions: `
let pets = [];
function cell(text) { const td = document.createElement('td'); td.textContent = text; return td; }
async function load() {
  const status = document.getElementById('status');
  try {
    const answer = await petstore.listPets({ limit: 100 });
    if (answer.status !== 200) { status.textContent = 'The shop answered ' + answer.status + ': ' + (answer.body && answer.body.message || ''); return; }
    pets = answer.body;
    document.getElementById('pets').replaceChildren(...pets.map((pet) => { const tr = document.createElement('tr'); tr.append(cell(String(pet.id)), cell(pet.name), cell(pet.tag || '—')); return tr; }));
    status.textContent = pets.length + ' pet' + (pets.length == 1 ? '' : 's') + ' in the shop.';
  } catch (e) {
    status.textContent = 'Could not reach the shop: ' + e.message;
  }
}
async function add() {
  const status = document.getElementById('status');
  const name = document.getElementById('name').value.trim();
  const tag = document.getElementById('tag').value.trim();
  if (!name) { status.textContent = 'Give the pet a name.'; return; }
  const id = pets.reduce((max, pet) => Math.max(max, pet.id), 0) + 1;
  try {
    const answer = await petstore.createPets({ body: tag ? { id, name, tag } : { id, name } });
    if (answer.status !== 201) { status.textContent = 'Not added: ' + (answer.body && answer.body.message || answer.status); return; }
    document.getElementById('name').value = '';
    document.getElementById('tag').value = '';
    await load();
  } catch (e) {
    status.textContent = 'Not added: ' + e.message;
  }
}`,
  jsExpressions: [`document.getElementById('add').onclick = add;`, `load();`],
};

const fence = (props: ViewProps) => '```sandbox\n' + JSON.stringify(props, null, 2) + '\n```';

/**
 * A view for `text` that uses one of the page's packs (`packs`: the names the page advertised),
 * with the markdown answer that carries it; null when the message asks for none, or the page has
 * no such pack.
 */
export function demoPackView(text: string, packs: readonly { name: string }[]): { view: ViewProps; answer: string } | null {
  const has = (name: string) => packs.some((pack) => pack.name === name);
  if (has('documentSearch') && /\bsearch\b.*\b(?:docs|documentation)\b/i.test(text)) {
    const view = docsSearchView(searchQueryOf(text));
    return { view, answer: `Here is a search of the docs; it runs on this page's own search, and you can change the query:\n\n${fence(view)}` };
  }
  if (has('stores') && /\b(?:list|show)\b.*\b(?:docs|documents|documentation)\b/i.test(text)) {
    return { view: DOCS_VIEW, answer: `These are the documents of this site, from its own store; pick one to read it here:\n\n${fence(DOCS_VIEW)}` };
  }
  if (has('petstore') && /\bpets?\b/i.test(text)) {
    return { view: PETS_VIEW, answer: `These are the pets in the shop right now, read from its API; you can add one too:\n\n${fence(PETS_VIEW)}` };
  }
  return null;
}
