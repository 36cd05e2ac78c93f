// The owner's side of the capability packs demo (/pages/packs.html): what a site writes to let the
// assistant's generated views look things up. The packs are plain objects in the preload (it runs
// before widget.js, so there is no BailingChat.packs factory yet); each callback is the site's
// own code, run in this page when a view calls it, after the widget has checked the call.

// A few documents of the site, and a small keyword search over them. A real site would call its
// own search service here; the view only ever sees what this returns.
const DOCS = [
  { id: 'backups', title: 'Scheduling nightly backups', text: 'Backups are incremental: only the blocks that changed since the last snapshot are stored. Schedule them in Storage → Backups, pick a time window and a retention (daily 14, weekly 8 or monthly 12).' },
  { id: 'restore', title: 'Restoring a snapshot', text: 'Restore the latest snapshot to a scratch volume once a month and check your application starts from it. A restore takes about a minute per 10 GB.' },
  { id: 'refunds', title: 'Refunds and credits', text: 'Refunds go back to the card you paid with within 5 business days; account credit is immediate. Ask for a refund within 30 days of the charge.' },
  { id: 'regions', title: 'Regions and latency', text: 'Acme Cloud runs in eu-west, us-east and ap-south. Pick the region closest to your visitors; moving a volume between regions copies its latest snapshot.' },
  { id: 'api-keys', title: 'API keys', text: 'Create API keys in Settings → API. A key can be limited to read-only access and to a list of projects. Rotate keys every 90 days; an old key keeps working for 24 hours after rotation.' },
  { id: 'sso', title: 'Single sign-on', text: 'Connect your identity provider with SAML 2.0 or OpenID Connect in Settings → Security. Members then sign in with the provider, and leaving the provider removes their access.' },
];

const words = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function search(query, topK) {
  const terms = [...new Set(words(query))];
  return DOCS.map((doc) => {
    const body = words(`${doc.title} ${doc.text}`);
    const hits = terms.reduce((n, term) => n + body.filter((w) => w.startsWith(term)).length, 0);
    return { documentId: doc.id, documentTitle: doc.title, chunkIndex: 0, content: doc.text, score: terms.length ? Math.round((100 * hits) / (body.length / 10 + hits)) / 100 : 0 };
  })
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, topK);
}

// The Petstore OpenAPI document, and the key of the shop's API. The key stays in this page: the
// widget sends it with each request a view makes, and no view ever sees it. (It is in this page's
// source all the same: an API key a page holds is one its visitors can read.) A pack offers GET
// operations unless `methods` says more; here the shop lets views add a pet (POST), which, as
// anything that writes, runs only when the visitor clicks or types in the view.
fetch('/petstore/openapi.yaml')
  .then((response) => response.text())
  .then((spec) => {
    window.BailingChat = {
      sandbox: {
        packs: [
          { pack: 'search', search: async (query, topK) => search(query, topK) },
          { pack: 'stores', list: async () => DOCS.map((doc) => ({ id: doc.id, title: doc.title, chunkCount: 1 })), read: async (id) => DOCS.find((doc) => doc.id === id)?.text },
          { pack: 'openapi', spec, name: 'petstore', description: "The pet shop's inventory", baseURL: `${location.origin}/petstore/v1`, headers: { 'X-API-Key': 'demo-petstore-key-7f3a' }, methods: ['GET', 'POST'] },
        ],
        policy: { maxCallsPerMinute: 20 },
      },
    };
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.dataset.entry = 'demo_assistant';
    script.dataset.sandbox = '1';
    document.body.append(script);
  });
