import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { redactUrl } from './log-redaction';
import { createJob, eventsUrl, getJson, startTestServer, waitFor } from '../test-support';

describe('redactUrl', () => {
  it.each([
    ['a path alone', '/chat/demo_assistant/config', '/chat/demo_assistant/config'],
    ['an empty query', '/widget.js?', '/widget.js?'],
    ['the three ids of the contract', '/chat/e/thread?visitor_id=v_123456789&thread_id=th_12345678&ticket=abc.def', '/chat/e/thread?visitor_id=[redacted]&thread_id=[redacted]&ticket=[redacted]'],
    ['harmless keys kept as sent', '/chat/e/events/j_1?visitor_id=v_1&cursor=4&max_wait=9000', '/chat/e/events/j_1?visitor_id=[redacted]&cursor=4&max_wait=9000'],
    ['token- and key-like names', '/x?token=1&access_token=2&api_key=3&apikey=4&key=5&secret=6&password=7&auth=8&session_id=9&sig=10&signature=11', '/x?token=[redacted]&access_token=[redacted]&api_key=[redacted]&apikey=[redacted]&key=[redacted]&secret=[redacted]&password=[redacted]&auth=[redacted]&session_id=[redacted]&sig=[redacted]&signature=[redacted]'],
    ['names in any case', '/x?Visitor_ID=a&TICKET=b&Api-Key=c', '/x?Visitor_ID=[redacted]&TICKET=[redacted]&Api-Key=[redacted]'],
    ['an encoded name', '/x?visitor%5Fid=v_1&t%69cket=t', '/x?visitor%5Fid=[redacted]&t%69cket=[redacted]'],
    ['a repeated key', '/x?ticket=a&ticket=b', '/x?ticket=[redacted]&ticket=[redacted]'],
    ['a key without a value', '/x?ticket&visitor_id=', '/x?ticket=[redacted]&visitor_id=[redacted]'],
    ['a value holding = and ?', '/x?ticket=a=b?c&cursor=1', '/x?ticket=[redacted]&cursor=1'],
    ['a broken escape in a name', '/x?%E0%A4%A=1&ticket=2', '/x?%E0%A4%A=1&ticket=[redacted]'],
    ['a hash after the query', '/x?ticket=a#visitor_id=b', '/x?ticket=[redacted]#[redacted]'],
    ['an absolute URL', 'http://127.0.0.1:8787/x?visitor_id=v', 'http://127.0.0.1:8787/x?visitor_id=[redacted]'],
  ])('%s', (_title, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('never throws and never lets a value through, whatever the input', () => {
    for (const url of ['', '?', '&&&', '/?=', '/?==', '/?visitor_id=%', '/?%%%=%%%']) {
      expect(() => redactUrl(url)).not.toThrow();
    }
    expect(redactUrl('/?visitor_id=%zz')).toBe('/?visitor_id=[redacted]');
  });
});

describe('the request log', () => {
  let server: RunningServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ log: (line) => lines.push(line) });
  });
  afterAll(() => server.close());

  it('logs the method, path and status, without the visitor id, thread id, ticket or keys', async () => {
    const query = 'visitor_id=visitor_logged1&thread_id=thread_logged1&ticket=ticket.logged1&api_key=key_logged1&cursor=2';
    const res = await getJson(`${server.url}/chat/ticket_optional/thread?${query}`);
    expect(res.status).toBe(401);
    const line = await waitFor(() => lines.find((l) => l.includes('/chat/ticket_optional/thread')));
    expect(line).toMatch(
      /^GET \/chat\/ticket_optional\/thread\?visitor_id=\[redacted\]&thread_id=\[redacted\]&ticket=\[redacted\]&api_key=\[redacted\]&cursor=2 401 \d+ms$/,
    );
    for (const secret of ['visitor_logged1', 'thread_logged1', 'ticket.logged1', 'key_logged1']) expect(lines.join('\n')).not.toContain(secret);
  });

  it('redacts the visitor id of a stream too', async () => {
    const job = await createJob(server.url, { message: 'hello', visitor_id: 'visitor_logged2' });
    await fetch(eventsUrl(server.url, job)).then((res) => res.text());
    const line = await waitFor(() => lines.find((l) => l.includes(`/events/${job.job_id}`)));
    expect(line).toMatch(new RegExp(`^GET /chat/demo_assistant/events/${job.job_id}\\?visitor_id=\\[redacted\\] 200 \\d+ms$`));
    expect(lines.join('\n')).not.toContain('visitor_logged2');
  });
});
