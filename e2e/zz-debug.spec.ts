import { test, launcher, ask, waitForAnswer } from './fixtures';
test('dbg', async ({ page, server }) => {
  page.on('response', (r) => { if (r.status() >= 400) console.log('RESP', r.status(), r.url()); });
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text(), JSON.stringify(m.location())));
  const hostOrigin = server.url.replace('127.0.0.1', 'localhost');
  await page.goto(`${hostOrigin}/e2e/blank.html`);
  await page.evaluate((src) => { const s = document.createElement('script'); s.src = src; s.setAttribute('data-entry', 'demo_assistant'); s.setAttribute('data-api', src.replace('/dist/widget.js', '')); document.body.append(s); }, `${server.url}/dist/widget.js`);
  await launcher(page).click();
  await ask(page, 'hello');
  await waitForAnswer(page);
});
