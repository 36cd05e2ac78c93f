import { describe, expect, it, test } from 'vitest';
import { validateForm } from './schema';
import { CREDENTIAL_CHINESE, CREDENTIAL_FRAGMENTS, CREDENTIAL_WORDS, credentialLike } from './wording';

/** English wording a form may not use: at least one sample for every entry of the lists. */
const ENGLISH = [
  // Passwords and PINs.
  'Password',
  'New password',
  'Confirm your PASSWORD',
  'passwords',
  'passwd',
  'pwd',
  'userpwd',
  'Passcode',
  'Passphrase',
  'Pass word',
  'Pass code',
  'PIN',
  'PIN code',
  'Enter your pin:',
  'Bank PINs',
  // Keys, tokens, secrets.
  'API key',
  'api-key',
  'api_keys',
  'apiKey',
  'APIKey',
  'OTPCode',
  'otpcode',
  'mfacode',
  'Access key',
  'Secret key',
  'Private key',
  'License key',
  'Product key',
  'SSH key',
  'Token',
  'Access token',
  'accesstoken',
  'refreshToken',
  'Bearer',
  'Secret',
  'Client secret',
  'clientsecret',
  'Login credentials',
  'Seed phrase',
  'Recovery words',
  'Security question',
  "Mother's maiden name",
  // One-time codes.
  'OTP',
  'One-time code',
  'One-time password',
  'One time PIN',
  '2FA code',
  'MFA',
  'TOTP',
  'HOTP',
  'Verification code',
  'Verify code',
  'SMS code',
  'Auth code',
  'Authorization code',
  'Login code',
  'Access code',
  'Unlock code',
  'Security code',
  // Cards.
  'Credit card',
  'Debit card',
  'Bank card',
  'Payment card',
  'Card number',
  'card_number',
  'cardNumber',
  'Card no.',
  'Card #',
  'Cardholder name',
  'Card details',
  'Card verification value',
  'CVV',
  'CVV2',
  'cvc',
  'CVC2',
  'CCV',
  'Card security code',
  'Expiry date',
  'Expiration date',
  'Exp. date',
  'Expiration month',
  'MM/YY',
  'Valid thru',
  // Bank accounts.
  'IBAN',
  'Bank account number',
  'Bank account details',
  'Routing number',
  'ABA number',
  'Sort code',
  // Identity numbers.
  'SSN',
  'Social security number',
  'Social insurance number',
  'National ID',
  'National identity card',
  'National insurance number',
  'ID card number',
  'Identity card no',
  'Passport number',
  "Driver's license number",
  'Driving licence number',
  'Aadhaar',
  // Written to slip past a filter.
  'ＰＡＳＳＷＯＲＤ',
  'pass\u200bword',
  'pass\u00adword',
];

/** Chinese wording: every entry of the list in a sentence, and a few spellings of it. */
const CHINESE = [
  ...CREDENTIAL_CHINESE.map((term) => `请填写${term}`),
  '支付密码',
  '登录密码',
  'API 密钥',
  'API密钥',
  '银行卡号',
  '身份证号码',
  '护照号码',
  '社保号',
  '一次性动态码',
  '短信验证码',
  '信用卡有效期',
  '密 码',
  'PIN码',
  'CVV码',
  '卡片背面的CVC',
];

/** Text that looks close to the lists and must pass. */
const INNOCENT = [
  'Shipping address',
  'Your opinion',
  'Pinyin name',
  'Spinach or kale',
  'Hairpin turn',
  'Pinterest profile',
  'Keyboard layout',
  'Key features',
  'Keynote speaker',
  'Passenger name',
  'Boarding pass',
  'Bypass word limit',
  'Compassion',
  'Passover plans',
  'Passport country',
  'Birthday date',
  'Date of birth',
  'Order number',
  'Booking date',
  'Account number',
  'Phone number',
  'Number of guests',
  'Promo code',
  'Discount code',
  'Postal code',
  'Pincode',
  'ZIP code',
  'Country code',
  'Confirmation code',
  'Tokenize text',
  'Tokenizer',
  'Secretary name',
  'Gift card',
  'Card game',
  'Cardiology clinic',
  'Expiry reminder',
  'Valid until',
  'National holiday',
  'Nationality',
  'Social media handle',
  'Company VAT number',
  'Hotpot flavour',
  'Footprint',
  'Stop',
  'Update',
  'Curriculum vitae (CV)',
  'Apinya',
  'Email',
  // Chinese.
  '收货地址',
  '您的意见',
  '拼音',
  '键盘布局',
  '乘客姓名',
  '生日日期',
  '订单号',
  '预约日期',
  '手机号',
  '电子邮箱',
  '密切联系人',
  '口味偏好',
  '卡片设计',
  '有效',
  '身份类型',
  '令人满意',
];

describe('credentialLike', () => {
  it.each([...ENGLISH, ...CHINESE].map((input) => ({ title: input, input, expected: true })))('rejects $title', ({ input, expected }) => {
    expect(credentialLike(input)).toBe(expected);
  });

  it.each(INNOCENT.map((input) => ({ title: input, input, expected: false })))('passes $title', ({ input, expected }) => {
    expect(credentialLike(input)).toBe(expected);
  });

  // The samples are the proof each entry fires: an entry no sample matches is untested.
  const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ');
  it.each(CREDENTIAL_WORDS.map((entry) => ({ title: entry, input: new RegExp(`(?:^|[^a-z])(?:${entry})(?![a-z])`), expected: true })))(
    'word entry $title has a sample',
    ({ input, expected }) => expect(ENGLISH.some((sample) => input.test(plain(sample)))).toBe(expected),
  );
  it.each(CREDENTIAL_FRAGMENTS.map((entry) => ({ title: entry, input: entry, expected: true })))('fragment $title has a sample', ({ input, expected }) => {
    expect(ENGLISH.some((sample) => plain(sample).includes(input))).toBe(expected);
  });

  it('lists are frozen', () => {
    for (const list of [CREDENTIAL_WORDS, CREDENTIAL_FRAGMENTS, CREDENTIAL_CHINESE]) expect(Object.isFrozen(list)).toBe(true);
  });
});

/** Every place whose wording is checked, a form holding `text` there, and the error's path. */
const PLACES: { where: string; path: string; make: (text: string) => unknown }[] = [
  { where: 'title', path: 'title', make: (text) => form({ title: text }) },
  { where: 'description', path: 'description', make: (text) => form({ description: text }) },
  { where: 'submit_label', path: 'submit_label', make: (text) => form({ submit_label: text }) },
  { where: 'cancel_label', path: 'cancel_label', make: (text) => form({ cancel_label: text }) },
  { where: 'field label', path: 'schema.f.label', make: (text) => field({ label: text }) },
  { where: 'field description', path: 'schema.f.description', make: (text) => field({ description: text }) },
  { where: 'placeholder', path: 'schema.f.placeholder', make: (text) => field({ placeholder: text }) },
  { where: 'option label', path: 'schema.f.options[0].label', make: (text) => field({ options: [{ label: text, value: 'a' }] }) },
];

function form(top: Record<string, unknown>) {
  return { version: 1, form_id: 'survey', title: 'Survey', schema: { f: { type: 'single_select', label: 'Pick', options: [{ label: 'A', value: 'a' }] } }, ...top };
}
function field(extra: Record<string, unknown>) {
  return form({ schema: { f: { type: 'single_select', label: 'Pick', options: [{ label: 'A', value: 'a' }], ...extra } } });
}

/** An id spelling of a sample: `card_number` for "Card number". */
const idOf = (text: string) => {
  const id = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/#/g, 'no')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return id && (/^[a-z]/.test(id) ? id : `x_${id}`);
};
const ID_SAMPLES = ENGLISH.map(idOf).filter((id, i, all) => /^[a-z][a-z0-9_-]{0,63}$/.test(id) && all.indexOf(id) == i);

const MESSAGE = 'asks for a credential or payment detail';

// Every sample goes through credentialLike above; here each place that validateForm checks gets
// one sample (a different one per place, English and Chinese), so the table shows the places, not
// the word list again.
describe('validateForm: credential and payment wording in every place', () => {
  const samples = [...ENGLISH, ...CHINESE];
  const sampleFor = (i: number) => samples[(i * 37) % samples.length]!;
  const rows = [
    ...PLACES.map(({ where, path, make }, i) => ({ title: `${where}: ${sampleFor(i)}`, input: make(sampleFor(i)), expected: `${path}: ${MESSAGE}` })),
    ...PLACES.map(({ where, path, make }, i) => ({ title: `${where}: ${CHINESE[i % CHINESE.length]}`, input: make(CHINESE[i % CHINESE.length]!), expected: `${path}: ${MESSAGE}` })),
    { title: `form_id ${ID_SAMPLES[0]}`, input: form({ form_id: ID_SAMPLES[0] }), expected: `form_id: ${MESSAGE}` },
    { title: `field id ${ID_SAMPLES[1]}`, input: form({ schema: { [ID_SAMPLES[1]!]: { type: 'text', label: 'Value' } } }), expected: `schema.${ID_SAMPLES[1]}: ${MESSAGE}` },
    // Kebab-case and run-together ids: how ids are split into words.
    ...['api-key', 'card-number', 'cvv2', 'pwd', 'passwd', 'newpassword', 'user_pin', 'pin2', 'exp-date', 'iban_no', 'otp-code', 'ssn'].map((id) => ({
      title: `field id ${id}`,
      input: form({ schema: { [id]: { type: 'text', label: 'Value' } } }),
      expected: `schema.${id}: ${MESSAGE}`,
    })),
    // In a longer text, on any line.
    { title: 'description, second line', input: form({ description: 'Thanks!\nPlease also include your card number.' }), expected: `description: ${MESSAGE}` },
    { title: 'field description mid-sentence', input: field({ description: 'We will text you a verification code.' }), expected: `schema.f.description: ${MESSAGE}` },
  ];

  it.each(rows)('rejects $title', ({ input, expected }) => {
    const check = validateForm(input);
    expect(check.ok ? [] : check.errors.map((error) => [error.rule, error.message])).toEqual([['credential', expected]]);
  });

  test('every id sample is a valid id spelling (so the id rows test wording, not id syntax)', () => {
    expect(ID_SAMPLES.length).toBeGreaterThan(50);
    for (const id of ID_SAMPLES) expect(credentialLike(id.replace(/_/g, ' ')), id).toBe(true);
  });

  const innocentIds = INNOCENT.map(idOf).filter((id, i, all) => /^[a-z][a-z0-9_-]{0,63}$/.test(id) && all.indexOf(id) == i);
  const passes = [
    ...PLACES.map(({ where, make }, i) => ({ title: `${where}: ${INNOCENT[i % INNOCENT.length]}`, input: make(INNOCENT[i % INNOCENT.length]!), expected: true })),
    { title: `form_id ${innocentIds[0]}`, input: form({ form_id: innocentIds[0] }), expected: true },
    { title: `field id ${innocentIds[1]}`, input: form({ schema: { [innocentIds[1]!]: { type: 'text', label: 'Value' } } }), expected: true },
    // Option values are picked, never typed, and not shown as the question.
    ...['password', 'credit_card', 'CVV', '信用卡'].map((value) => ({
      title: `option value ${value}`,
      input: field({ options: [{ label: 'Choice', value }] }),
      expected: true,
    })),
  ];

  it.each(passes)('passes $title', ({ input, expected }) => {
    expect(validateForm(input).ok).toBe(expected);
  });
});
