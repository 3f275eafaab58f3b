/**
 * Bad input, for every call that takes a body or an id: malformed JSON, JSON that is not an
 * object, wrong types, missing and extra fields, very long strings, bodies over the limit, ids
 * that are not UUIDs, SQL and script injection, prototype pollution, odd Unicode, and emails
 * that differ only in case or surrounding spaces. Not one answer may be a 5xx; every refusal is
 * JSON with a `message`; injected text is stored as it was sent and returned inert.
 * The number of inputs tried is printed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { unstorableText } from '../src/http/validate.js';
import { password, startTestServer, type Answer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let superAdmin: Client;
let staffClient: Client;
let staffId = '';
let adminId = '';
let tried = 0;
const serverErrors: string[] = [];

beforeAll(async () => {
  // Hundreds of refused sign-ins from one address: the limiter is not what is tested here.
  t = await startTestServer({ configure: (c) => (c.limits.failuresPerAddress = 1_000_000) });
  superAdmin = (await t.admin('Super Admin')).client;
  const staff = await t.staff();
  staffClient = staff.client;
  staffId = staff.id;
  adminId = (await t.admin('Editor')).id;
});
afterAll(async () => {
  await t?.close();
  console.log(`\nBad input: ${tried} inputs tried, ${serverErrors.length} answers 5xx\n${serverErrors.join('\n')}`);
});

/** Every answer: no 5xx; a refusal is a JSON `{ message }` without internals. */
function expectSane(answer: Answer, label: string): void {
  tried++;
  if (answer.status >= 500) serverErrors.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
  expect(answer.status, label).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.headers.get('content-type'), label).toMatch(/^application\/json/);
    expect(typeof answer.body?.message, `${label}: ${answer.text.slice(0, 200)}`).toBe('string');
    expect(answer.body.message.length, label).toBeGreaterThan(0);
    expect(answer.text, label).not.toMatch(/\bat \S+ \(|node_modules|QueryFailedError|syntax error at/);
  }
}

const injections = [
  `Robert'); DROP TABLE staff_users; --`,
  `' OR '1'='1`,
  `1; SELECT pg_sleep(5); --`,
  `" OR ""="`,
  `<script>alert(document.cookie)</script>`,
  `<img src=x onerror=alert(1)>`,
  `javascript:alert(1)`,
  '{{7*7}} ${7*7} <%= 7*7 %>',
  `\\'; \\"; \\\\`,
  'nul\u0000byte',
  'lone \ud800 surrogate',
  'rtl \u202e override, zero\u200bwidth, emoji 🦓, ǅ',
  '%00%27%22%3Cscript%3E',
  '$where: 1 == 1',
];
const longStrings = ['x'.repeat(101), 'x'.repeat(10_000), 'é'.repeat(30_000)];
const wrongTypes: unknown[] = [42, -1, 1e308, true, null, [], ['a@b.co'], {}, { $ne: null }, { $gt: '' }];
const malformed = [
  '',
  '{',
  '{"a":}',
  '{"email": "a@b.co",}',
  "{'email': 'a@b.co'}",
  'nul',
  'undefined',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
];
const notObjects = ['null', '[]', '[{}]', '"a string"', '123', 'true'];
const badIds = [
  '123',
  'x',
  `1' OR '1'='1`,
  '1;DROP TABLE admins',
  '../../etc/passwd',
  '..%2F..%2Fsettings',
  '%00',
  '<script>',
  '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6',
  '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6bb',
  '0b7f6a52x3c1dx4e2fx8a9bx1c2d3e4f5a6b',
  '{0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b}',
  '0B7F6A52-3C1D-4E2F-8A9B-1C2D3E4F5A6B',
  '00000000-0000-0000-0000-000000000000',
  'é'.repeat(2000),
  '9'.repeat(5000),
];
const pollution = ['{"__proto__": {"isAdmin": true, "polluted": 1}}', '{"constructor": {"prototype": {"polluted": 1}}}'];

interface Target {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET';
  path: () => string;
  /** A body that passes validation but changes nothing that matters to the other tests. */
  base?: Record<string, unknown>;
  /** Path of the call with the id replaced. */
  withId?: (id: string) => string;
  client: () => Client;
}

const bodyCalls: Record<string, Target> = {
  'POST /api/settings/login': {
    method: 'POST',
    path: () => api.adminLogin,
    base: { email: 'nobody@kafue.test', password: 'not the password' },
    client: () => t.client(),
  },
  'POST /api/auth/login': {
    method: 'POST',
    path: () => api.authLogin,
    base: { email: 'nobody@kafue.test', password: 'not the password', session: 'bearer' },
    client: () => t.client(),
  },
  'POST /api/staff/login': {
    method: 'POST',
    path: () => api.staffLogin,
    base: { email: 'nobody@kafue.test', password: 'not the password' },
    client: () => t.client(),
  },
  'POST /api/staff': {
    method: 'POST',
    path: () => api.staff,
    base: { name: 'Fuzz Person', email: 'fuzz.person@kafue.test', role: 'Staff', status: 'Active' },
    client: () => superAdmin,
  },
  'PUT /api/staff/{id}': {
    method: 'PUT',
    path: () => api.staffById(staffId),
    withId: (id) => api.staffById(id),
    base: { name: 'Fuzzed Staff', email: 'fuzzed.staff@kafue.test', role: 'Manager', status: 'Active' },
    client: () => superAdmin,
  },
  'POST /api/admin/settings/general': {
    method: 'POST',
    path: () => api.generalSettings,
    base: { siteName: 'Kafue', adminEmail: 'office@kafue.test', timezone: 'UTC+0', maintenanceMode: false },
    client: () => superAdmin,
  },
  'POST /api/admin/change-password': {
    method: 'POST',
    path: () => api.changePassword,
    base: { currentPassword: 'not the current one', newPassword: 'a new password' },
    client: () => superAdmin,
  },
  'POST /api/staff/me/password': {
    method: 'POST',
    path: () => api.staffMyPassword,
    base: { currentPassword: 'not the current one', newPassword: 'a new password' },
    client: () => staffClient,
  },
  'POST /api/settings/admins': {
    method: 'POST',
    path: () => api.admins,
    base: { name: 'Fuzz Admin', email: 'fuzz.admin@kafue.test', password: 'fuzz password', role: 'Moderator' },
    client: () => superAdmin,
  },
  'PUT /api/settings/admins/{id}': {
    method: 'PUT',
    path: () => api.adminById(adminId),
    withId: (id) => api.adminById(id),
    base: { name: 'Fuzzed Admin', email: 'fuzzed.admin@kafue.test', role: 'Editor' },
    client: () => superAdmin,
  },
};
const idCalls: Record<string, Target> = {
  'DELETE /api/staff/{id}': { method: 'DELETE', path: () => '', withId: (id) => api.staffById(id), client: () => superAdmin },
  'DELETE /api/settings/admins/{id}': { method: 'DELETE', path: () => '', withId: (id) => api.adminById(id), client: () => superAdmin },
  'GET /api/settings/backups/{file}': { method: 'GET', path: () => '', withId: (id) => api.backupFile(id), client: () => superAdmin },
};

interface Input {
  label: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** The bad bodies for one call, derived from its valid body. */
function bodyInputs(target: Target): Input[] {
  const base = target.base!;
  const path = target.path();
  const json = (label: string, body: unknown): Input => ({ label, path, body: JSON.stringify(body) });
  const inputs: Input[] = [
    ...malformed.map((body) => ({ label: `malformed ${JSON.stringify(body.slice(0, 20))}`, path, body })),
    ...notObjects.map((body) => ({ label: `not an object ${body}`, path, body })),
    ...pollution.map((body) => ({ label: `pollution ${body.slice(0, 20)}`, path, body })),
    json('empty object', {}),
    json('extra fields', { ...base, isAdmin: true, role_id: 1, _id: '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b', passwordHash: 'x' }),
    { label: 'text/plain', path, body: JSON.stringify(base), headers: { 'content-type': 'text/plain' } },
    { label: 'form encoded', path, body: 'email=a%40b.co&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { label: 'JSON in latin1', path, body: JSON.stringify(base), headers: { 'content-type': 'application/json; charset=latin1' } },
    json('over the limit', { ...base, padding: 'x'.repeat(70 * 1024) }),
  ];
  for (const field of Object.keys(base)) {
    const { [field]: _dropped, ...rest } = base;
    inputs.push(json(`missing ${field}`, rest));
    for (const value of wrongTypes) inputs.push(json(`${field} = ${JSON.stringify(value)}`, { ...base, [field]: value }));
    if (typeof base[field] !== 'string') continue;
    for (const value of [...injections, ...longStrings]) {
      inputs.push(json(`${field} = ${JSON.stringify(value.slice(0, 30))}`, { ...base, [field]: value }));
    }
    inputs.push(json(`${field} over the limit`, { ...base, [field]: 'x'.repeat(65 * 1024) }));
  }
  return inputs;
}

/** Sends inputs a few at a time (several sign-ins hash passwords at once). */
async function sendAll(target: Target, inputs: Input[], name: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < inputs.length; i += 4) {
    const batch = inputs.slice(i, i + 4);
    const got = await Promise.all(batch.map((input) => target.client().call(target.method, input.path, input.body, input.headers)));
    got.forEach((answer, j) => expectSane(answer, `${name} ${batch[j].label}`));
    answers.push(...got);
  }
  return answers;
}

describe('bodies: malformed, wrong types, missing and extra fields, long strings, injection', () => {
  for (const [name, target] of Object.entries(bodyCalls)) {
    it(`${name}: no 5xx, every refusal a { message }`, async () => {
      const inputs = bodyInputs(target);
      const answers = await sendAll(target, inputs, name);
      answers.forEach((answer, i) => {
        const label = `${name} ${inputs[i].label}`;
        if (inputs[i].label.includes('over the limit')) {
          expect(answer, label).toMatchObject({ status: 413, body: { message: messages.bodyTooLarge } });
        }
        if (inputs[i].label.startsWith('malformed') && inputs[i].body !== '') {
          expect(answer.status, label).toBe(400);
        }
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });
  }

  it('a body of several megabytes is refused (413) without reading it all', async () => {
    const answer = await t.client().post(api.adminLogin, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(4 * 1024 * 1024) }));
    expectSane(answer, 'four megabytes');
    expect(answer.status).toBe(413);
  });
});

describe('ids that are not UUIDs', () => {
  for (const [name, target] of Object.entries({ ...bodyCalls, ...idCalls })) {
    if (!target.withId) continue;
    it(`${name}: 404 { message }, never a 5xx`, async () => {
      const inputs = badIds.map((id) => ({
        label: `id ${JSON.stringify(id.slice(0, 30))}`,
        path: target.withId!(id),
        body: target.base && JSON.stringify(target.base),
      }));
      const answers = await sendAll(target, inputs, name);
      answers.forEach((answer, i) => {
        // A well-formed UUID that names nothing is a 404 too.
        expect(answer, `${name} ${inputs[i].label}`).toMatchObject({ status: 404, body: { message: messages.notFound } });
      });
    });
  }
});

describe('injected text is stored as sent and returned inert', () => {
  // What PostgreSQL cannot store (NUL, lone surrogates) is refused with 400 (below); the rest
  // comes back exactly as sent (names are trimmed).
  const storable = injections.filter((s) => !s.includes('\u0000') && !/\p{Cs}/u.test(s));
  const expected = (s: string) => s.trim();

  it('staff names: the list answers each exactly, as JSON, and the tables are intact', async () => {
    const created: string[] = [];
    for (const [i, name] of storable.entries()) {
      const answer = await superAdmin.post(api.staff, { name, email: `inert${i}@kafue.test`, role: 'Staff', status: 'Active' });
      expectSane(answer, `staff name ${name}`);
      expect(answer.status, name).toBe(201);
      created.push(answer.body.staff._id);
    }
    const list = await superAdmin.get(api.staff);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
    for (const [i, name] of storable.entries()) {
      expect(list.body.find((s: { _id: string }) => s._id === created[i]).name).toBe(expected(name));
    }
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM staff_users WHERE email LIKE 'inert%'`);
    expect(n).toBe(storable.length);
  });

  it('admin names and the site name: stored and answered exactly', async () => {
    for (const [i, name] of storable.entries()) {
      const invite = await superAdmin.post(api.admins, { name, email: `inert.admin${i}@kafue.test`, password: 'inert password' });
      expectSane(invite, `admin name ${name}`);
      expect(invite.body.admin.name).toBe(expected(name));
      const settings = await superAdmin.post(api.generalSettings, {
        siteName: name,
        adminEmail: 'a@kafue.test',
        timezone: 'UTC+0',
        maintenanceMode: false,
      });
      expectSane(settings, `site name ${name}`);
      expect((await superAdmin.get(api.generalSettings)).body.siteName).toBe(expected(name));
    }
    const admins = (await superAdmin.get(api.admins)).body.map((a: { name: string }) => a.name);
    for (const name of storable) expect(admins).toContain(expected(name));
  });

  it('NUL and lone surrogates, which PostgreSQL cannot store, are refused with 400 on every call, not a 500', async () => {
    for (const [path, body] of [
      [api.staff, { name: 'a\ud800b', email: 'lone@kafue.test', role: 'Staff', status: 'Active' }],
      [api.generalSettings, { siteName: 'a\udc00', adminEmail: 'a@kafue.test', timezone: 'UTC+0', maintenanceMode: false }],
      [api.staff, { name: 'a\u0000b', email: 'nul@kafue.test', role: 'Staff', status: 'Active' }],
      [api.admins, { name: 'a\u0000b', email: 'nul.admin@kafue.test', password: 'nul password' }],
      [api.generalSettings, { siteName: 'a\u0000b', adminEmail: 'a@kafue.test', timezone: 'UTC+0', maintenanceMode: false }],
      [api.adminLogin, { email: 'nul@kafue.test', password: 'pass\u0000word' }],
    ] as const) {
      const answer = await (path === api.adminLogin ? t.client() : superAdmin).post(path, body);
      expectSane(answer, `NUL in ${path}`);
      expect(answer.status, path).toBe(400);
      expect(Object.values(answer.body.errors ?? {})).toContain(unstorableText);
    }
  });
});

describe('emails differing only in case or surrounding spaces', () => {
  it('are one account: sign-in works with either, duplicates are refused (409) on every call that takes an email', async () => {
    const { email } = await t.admin('Moderator');
    const variants = [email.toUpperCase(), `  ${email}  `, `\t${email[0].toUpperCase()}${email.slice(1)}\n`];
    for (const variant of variants) {
      const answer = await t.client().signIn('admin', variant);
      expectSane(answer, `sign-in as ${JSON.stringify(variant)}`);
      expect(answer.status, variant).toBe(200);
      expect(answer.body.admin.email).toBe(email);
    }
    const invite = await superAdmin.post(api.admins, { name: 'Twin', email: ` ${email.toUpperCase()} `, password: 'twin password' });
    expect(invite).toMatchObject({ status: 409, body: { message: messages.emailTaken } });
    const other = await t.admin('Editor');
    const edit = await superAdmin.put(api.adminById(other.id), { name: 'Twin', email: ` ${email.toUpperCase()}`, role: 'Editor' });
    expect(edit).toMatchObject({ status: 409, body: { message: messages.emailTaken } });

    const staff = await t.staff();
    expect((await t.client().signIn('staff', ` ${staff.email.toUpperCase()} `)).status).toBe(200);
    const twin = await superAdmin.post(api.staff, {
      name: 'Twin',
      email: `${staff.email.toUpperCase()}  `,
      role: 'Staff',
      status: 'Active',
    });
    expect(twin).toMatchObject({ status: 409, body: { message: messages.emailTaken } });
    const mover = await t.staff();
    const moved = await superAdmin.put(api.staffById(mover.id), {
      name: 'Twin',
      email: staff.email.toUpperCase(),
      role: 'Staff',
      status: 'Active',
    });
    expect(moved).toMatchObject({ status: 409, body: { message: messages.emailTaken } });
    const rows = await t.db.query(`SELECT count(*)::int AS n FROM staff_users WHERE email = $1`, [staff.email]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('count failed sign-ins toward one account whatever the spelling', async () => {
    const { email } = await t.staff();
    const spellings = [email, email.toUpperCase(), ` ${email} `, `${email}\t`, email.replace(/^./, (c) => c.toUpperCase())];
    for (const spelling of spellings) expect((await t.client().signIn('staff', spelling, 'wrong password')).status).toBe(401);
    const [row] = await t.db.query(`SELECT failures FROM login_failures WHERE key = $1`, [`account:staff:${email}`]);
    expect(row.failures).toBe(5);
    expect((await t.client().signIn('staff', email.toUpperCase(), password)).status).toBe(429);
  });
});
