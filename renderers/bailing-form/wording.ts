// Credential- and payment-like wording a `bailing-form` may not use (reference 004, DESIGN.md §8.1).
// Forms collect ordinary information; a model that was talked into asking for a password, a card
// or an ID number must not get a trusted-looking form on the owner's page to phish with. The lists
// are data: one entry per wording, grouped by what it asks for.

const freeze = Object.freeze;

/** "number" and its abbreviations, as in "card no", "passport nr", "routing num". */
const NUM = 'numbers?|nos?|num|nr';
const NO = `(?:${NUM})`;

/**
 * Matched anywhere inside a word: no ordinary word contains them, and ids glue words together
 * (`newpassword`, `userpwd`, `adminpasswd`).
 */
export const CREDENTIAL_FRAGMENTS: readonly string[] = freeze(['password', 'passwd', 'pwd', 'passcode', 'passphrase']);

/**
 * Matched as whole words (ASCII letters on neither side; digits and separators are boundaries, so
 * `cvv2`, `card_number` and `api-key` match) after {@link credentialLike} lowercases the text,
 * splits camelCase and turns every run of other characters into one space. ` ?` lets compounds
 * be written apart or together ("api key", "apikey").
 *
 * Decisions on words that are also ordinary English:
 * - `pin` is rejected as a word ("PIN", "PIN code", "pin: 1234"), so "drop a pin" and the Indian
 *   "PIN code" for a postal code are rejected too (write "postal code" or "pincode"); "shipping",
 *   "opinion", "pinyin", "spinach" do not contain the word.
 * - `token` is rejected as a word, so "token of appreciation" is rejected; "tokenize" passes.
 * - `secret`, `credentials` and `bearer` are rejected as words ("secret ingredient", "academic
 *   credentials" included); "secretary" passes.
 * - `key` alone passes ("keyboard", "key features"); only key kinds that are secrets are listed.
 * - `pass` alone passes ("passenger", "boarding pass"); `pass word` / `pass code` do not.
 * - expiry: "expiry date", "expiration date", "exp date" and "MM/YY" are rejected whatever they are
 *   about (a coupon's too): the wording is what a card phishing form uses, and "valid until" says
 *   the same for anything else. "Expiry" alone passes.
 * - "bank account number" is rejected, a plain "account number" or "order number" passes (shops
 *   and utilities number their customers); tax and VAT ids pass (business invoices need them).
 */
export const CREDENTIAL_WORDS: readonly string[] = freeze([
  // Passwords and PINs written apart ("pass word", "pass code").
  'pass ?(?:words?|codes?|phrases?)',
  'pins?',
  // API keys, tokens, secrets, private keys and wallet recovery phrases.
  '(?:api|access|secret|private|license|licence|product|activation|recovery|encryption|ssh|pgp|gpg) ?keys?',
  'tokens?',
  '(?:access|refresh|bearer|auth|api|session|id) ?tokens?', // also run together: `accesstoken`
  'bearer',
  'secrets?',
  '(?:client|api|app|shared) ?secrets?',
  'credentials?',
  '(?:seed|recovery|mnemonic) ?(?:phrases?|words?)',
  'security ?(?:questions?|answers?)',
  'maiden ?names?',
  // One-time and verification codes.
  'otps?',
  '[ht]otp',
  '[2m]fa',
  'one ?time ?(?:codes?|pins?)',
  '(?:verification|verify|auth|authentication|authori[sz]ation|security|sms|login|access|unlock|otp|[2m]fa) ?codes?',
  // Cards: numbers, holders, CVV/CVC, expiry.
  '(?:credit|debit|bank|payment) ?cards?',
  `cards? ?(?:${NUM}|holders?|details|verification)`,
  'c(?:v[cv]|cv)2?',
  '(?:expiry|expiration|exp) ?(?:dates?|months?|years?)',
  'mm ?yy',
  'valid ?(?:thru|through)',
  // Bank accounts.
  'iban',
  `bank ?account ?(?:${NUM}|details)`,
  `(?:routing|aba) ?${NO}`,
  'sort ?codes?',
  // National identity numbers and passports.
  'ssns?',
  `social ?(?:security|insurance) ?${NO}`,
  `national ?(?:ids?|(?:identity|identification|insurance) ?(?:${NUM}|cards?))`,
  `(?:id|identity) ?cards? ?${NO}`,
  `passport ?${NO}`,
  `driv(?:er ?s?|ing) ?licen[cs]e ?${NO}`,
  'aadhaa?r',
]);

/**
 * Chinese wording (Simplified, and the Traditional forms that differ), matched anywhere after
 * whitespace is removed ("密 码"). Covers 支付密码, API 密钥, 银行卡号, 身份证号码 by their stems.
 * "有效期" is rejected like "expiry date" above (a coupon's too).
 */
export const CREDENTIAL_CHINESE: readonly string[] = freeze([
  // Passwords, codes, tokens, keys.
  '密码', '密碼', '口令', '验证码', '驗證碼', '校验码', '校驗碼', '动态码', '動態碼', '授权码', '授權碼',
  '令牌', '密钥', '密鑰', '秘钥', '金鑰', '私钥', '私鑰', '助记词', '助記詞',
  // Cards.
  '卡号', '卡號', '信用卡', '借记卡', '借記卡', '储蓄卡', '儲蓄卡', '安全码', '安全碼', '有效期',
  // Bank accounts.
  '银行账号', '银行帐号', '銀行帳號', '账户号码', '帐户号码', '帳戶號碼',
  // Identity numbers.
  '身份证号', '身份證號', '身分證', '证件号', '證件號', '护照号', '護照號', '社保号', '社保卡号', '社会保障号',
]);

const FRAGMENTS = new RegExp(CREDENTIAL_FRAGMENTS.join('|'));
const WORDS = new RegExp(`(?:^|[^a-z])(?:${CREDENTIAL_WORDS.join('|')})(?![a-z])`);
const CHINESE = new RegExp(CREDENTIAL_CHINESE.join('|'));

/**
 * Whether `text` asks for a credential or a payment detail. The text is NFKC-normalized first
 * (full-width "ＰＡＳＳＷＯＲＤ") and stripped of invisible format characters (a zero-width space
 * or soft hyphen inside "pass\u200bword" would otherwise split the word for us but not for the
 * reader).
 */
export function credentialLike(text: string): boolean {
  const plain = text.normalize('NFKC').replace(/\p{Cf}/gu, '');
  const words = plain
    .replace(/([a-z])(?=[A-Z])|([A-Z])(?=[A-Z][a-z]{2})/g, '$1$2 ')
    .toLowerCase()
    .replace(/#/g, ' no ') // "card #"
    .replace(/[^a-z0-9]+/g, ' ');
  return FRAGMENTS.test(words) || WORDS.test(words) || CHINESE.test(plain.replace(/\s+/g, ''));
}
