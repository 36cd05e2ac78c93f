import { describe, expect, it } from 'vitest';
import { CONTEXT_LIMITS, pageContext, redactParams } from './page-context';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const at = (href: string) => {
  const u = new URL(href, 'https://shop.example');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
};

describe('pageContext: url', () => {
  // [title, page address, url sent]
  const cases: [string, string, string][] = [
    ['path only', '/orders', '/orders'],
    ['never the origin', 'https://shop.example:8443/a/b', '/a/b'],
    ['a plain query is kept', '/list?page=2&sort=price', '/list?page=2&sort=price'],
    ['token and email values emptied', '/account?token=abc123&email=ada%40example.com&tab=orders', '/account?token=&email=&tab=orders'],
    ['keys matched anywhere, any case', '/p?X-Auth-Token=1&userPhone=138&postcode=12345&Session_Id=9', '/p?X-Auth-Token=&userPhone=&postcode=&Session_Id='],
    ['every key of the list', `/p?${['sign', 'secret', 'password', 'passwd', 'pwd', 'apikey', 'api_key', 'accesstoken', 'access_token', 'sessionkey', 'session', 'ticket', 'openid', 'unionid', 'mobile', 'idcard', 'code', 'skey'].map((k) => `${k}=v`).join('&')}`, `/p?${['sign', 'secret', 'password', 'passwd', 'pwd', 'apikey', 'api_key', 'accesstoken', 'access_token', 'sessionkey', 'session', 'ticket', 'openid', 'unionid', 'mobile', 'idcard', 'code', 'skey'].map((k) => `${k}=`).join('&')}`],
    ['an encoded key is matched decoded', '/p?access%5Ftoken=abc', '/p?access%5Ftoken='],
    ['a value over 48 characters', `/p?ref=${'a'.repeat(49)}&ok=${'b'.repeat(48)}`, `/p?ref=&ok=${'b'.repeat(48)}`],
    ['an email under any key', '/p?u=ada%40example.com&v=ada@example.com', '/p?u=&v='],
    ['a JWT under any key', `/p?state=${JWT}`, '/p?state='],
    ['a key without value and empty pairs', '/p?debug&&x=1&', '/p?debug&x=1'],
    ['a plain hash is kept', '/docs#install', '/docs#install'],
    ['an OAuth implicit-flow hash', '/cb#access_token=SECRET&token_type=bearer&expires_in=3600', '/cb#access_token=&token_type=&expires_in=3600'],
    ['an OpenID hash', `/cb#id_token=${JWT}&state=xyz`, '/cb#id_token=&state=xyz'],
    ['an authorization code in a hash route', '/app#/callback?code=AUTHCODE&state=s1', '/app#/callback?code=&state=s1'],
    ['a hash that only mentions code stays', '/docs#code-samples', '/docs#code-samples'],
    ['the query and the hash both', '/a?email=x%40y.z#access_token=T', '/a?email=#access_token='],
  ];
  it.each(cases)('%s', (_title, href, url) => {
    expect(pageContext(at(href), '', {}).url).toBe(url);
  });
});

describe('pageContext: limits and fields', () => {
  it('cuts each field to the hub widget limits, in characters', () => {
    const context = pageContext(at(`/${'p'.repeat(500)}`), '标'.repeat(300), { page_key: 'k'.repeat(100), page_name: '名'.repeat(200) });
    expect(context).toEqual({
      url: `/${'p'.repeat(CONTEXT_LIMITS.url - 1)}`,
      title: '标'.repeat(CONTEXT_LIMITS.title),
      page_key: 'k'.repeat(CONTEXT_LIMITS.page_key),
      page_name: '名'.repeat(CONTEXT_LIMITS.page_name),
    });
    expect(CONTEXT_LIMITS).toEqual({ url: 400, title: 200, page_key: 64, page_name: 128 });
  });

  it('never splits a character made of two UTF-16 units', () => {
    expect(pageContext(at('/'), '😀'.repeat(250), {}).title).toBe('😀'.repeat(200));
  });

  it("carries the host's page_key and page_name, and leaves empty fields out", () => {
    expect(pageContext(at('/checkout'), 'Checkout', { page_key: 'checkout', page_name: 'Checkout page' })).toEqual({
      url: '/checkout',
      title: 'Checkout',
      page_key: 'checkout',
      page_name: 'Checkout page',
    });
    expect(pageContext(at('/'), '', { page_key: '' })).toEqual({ url: '/' });
  });
});

describe('redactParams', () => {
  it.each([
    ['', ''],
    ['a=1', 'a=1'],
    ['a=1&token=2', 'a=1&token='],
    ['q=hello+world', 'q=hello+world'],
    ['bad=%E0%A4%A', 'bad=%E0%A4%A'],
    ['m=a%40b.co', 'm='],
  ])('%j → %j', (input, output) => {
    expect(redactParams(input)).toBe(output);
  });
});
