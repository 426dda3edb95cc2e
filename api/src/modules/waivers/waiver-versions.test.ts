import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { statementCounter } from '../../../test/statements.js';
import { em, makeFamilyMember, makeUser, Role, TEST_PASSWORD, type MadeUser } from '../../../test/factories.js';
import { todayIn } from '../../common/dates.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';

// Publishing a version changes what everyone must sign, so these tests have a database of their own; each one
// publishes the versions it needs.
const ZONE = 'America/New_York';
const STUDIO = 'Test Aerial Studio';
let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp({ STUDIO_TIME_ZONE: ZONE, STUDIO_NAME: STUDIO, PUBLIC_URL: 'https://studio.example' });
  admin = await makeUser(t, { role: Role.admin, signed: true });
});
afterAll(() => t.close());

const PUBLISH = `mutation($input: WaiverVersionInput!) { publishWaiverVersion(input: $input) { id documentId version title lastUpdated publishedAt sections { key heading body } } }`;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id attendee { id } } } }`;
const SIGN = `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { signatures { documentVersion signedFor { id } } } }`;
const STATUSES = `query($search: String, $standings: [WaiverStanding!], $page: Int, $pageSize: Int, $sortField: WaiverStatusSortField, $sortDirection: SortDirection) {
  waiverStatuses(search: $search, standings: $standings, page: $page, pageSize: $pageSize, sortField: $sortField, sortDirection: $sortDirection) {
    total counts { current outdated never missing }
    items { id standing person { id firstName } contact { id } signature { id documentVersion signedBy { id } ip userAgent typedName hasDrawing pdfUrl } }
  } }`;
const REMIND = `mutation($search: String, $standings: [WaiverStanding!], $personIds: [ID!]) {
  remindMissingWaivers(search: $search, standings: $standings, personIds: $personIds) { reminded emails alreadyReminded withoutEmail remaining } }`;

const today = () => todayIn(ZONE);
const version = (overrides: Record<string, unknown> = {}) => ({
  documentId: 'ASTRO-WAIVER-2026',
  title: 'Liability Waiver and Release',
  lastUpdated: today(),
  sections: [
    { heading: 'Assumption of Risk', body: 'Aerial arts carry an inherent risk of injury.' },
    { heading: 'Medical Release', body: 'I am in good health.\nI will tell an instructor about any injury.' },
  ],
  ...overrides,
});
const publish = (input = version(), token = admin.token) => t.gql(PUBLISH, { input }, { token });
async function publishNew() {
  const res = await publish();
  expect(res.errors).toBeUndefined();
  return res.data!.publishWaiverVersion as { id: string; version: number };
}
const book = (token: string, c: string, a: string) => t.gql(BOOK, { c, a }, { token });
const code = (res: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => res.errors?.[0].extensions?.code;

describe('publishing a waiver version', () => {
  it('is for admins only', async () => {
    expect(code(await t.gql(PUBLISH, { input: version() }))).toBe('UNAUTHENTICATED');
    for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
      const who = await makeUser(t, { role, signed: true });
      expect(code(await publish(version(), who.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(`{ waiverVersions { id } }`, {}, { token: who.token }))).toBe('FORBIDDEN');
      expect(code(await t.gql(STATUSES, {}, { token: who.token }))).toBe('FORBIDDEN');
      expect(code(await t.gql(REMIND, {}, { token: who.token }))).toBe('FORBIDDEN');
    }
  });

  it('starts from the first version, the spec’s document', async () => {
    const res = await t.gql(`{ waiverVersions { documentId version lastUpdated } }`, {}, { token: admin.token });
    expect(res.data?.waiverVersions.at(-1)).toEqual({ documentId: 'ASTRO-WAIVER-2025', version: 1, lastUpdated: '2025-05-01' });
  });

  it('numbers the versions one after another and makes the newest the current one', async () => {
    const before = (await t.gql(`{ waiverDocument { version } }`)).data?.waiverDocument.version as number;
    const res = await publish(
      version({
        sections: [
          { heading: 'Risk', body: 'One' },
          { heading: 'Risk', body: 'Two' },
        ],
      }),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.publishWaiverVersion).toMatchObject({
      documentId: 'ASTRO-WAIVER-2026',
      version: before + 1,
      lastUpdated: today(),
      sections: [
        { key: 'risk', heading: 'Risk', body: 'One' },
        { key: 'risk_2', heading: 'Risk', body: 'Two' },
      ],
    });
    const current = await t.gql(`{ waiverDocument { id version documentId lastUpdated sections { heading } } }`);
    expect(current.data?.waiverDocument).toMatchObject({ id: res.data?.publishWaiverVersion.id, version: before + 1 });
    const list = await t.gql(`{ waiverVersions { version } }`, {}, { token: admin.token });
    expect(list.data?.waiverVersions[0].version).toBe(before + 1);
  });

  it('refuses a bad document id, no sections, a blank section, and dates before the current one or in the future', async () => {
    const fieldsOf = async (input: Record<string, unknown>) => {
      const res = await publish(version(input));
      expect(code(res)).toBe('BAD_USER_INPUT');
      return res.errors?.[0].extensions?.fields;
    };
    expect(await fieldsOf({ documentId: 'astro waiver' })).toMatchObject({
      documentId: 'Use capital letters, digits, dashes and dots, e.g. ASTRO-WAIVER-2026.',
    });
    expect(await fieldsOf({ sections: [] })).toMatchObject({ sections: 'A waiver needs at least one section.' });
    const blank = await publish(version({ sections: [{ heading: 'Risk', body: '   ' }] }));
    expect(code(blank)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(blank.errors?.[0].extensions?.fields)).toContain('Write the text of the section.');
    expect(await fieldsOf({ lastUpdated: '2025-04-30' })).toEqual({
      lastUpdated: expect.stringMatching(/^The date cannot be earlier than the current version's/),
    });
    expect(await fieldsOf({ lastUpdated: '2999-01-01' })).toEqual({
      lastUpdated: 'The date cannot be in the future: a new version applies as soon as it is published.',
    });
  });
});

describe('the waiver gate after a new version', () => {
  it('asks a member signed on the older version to sign again before booking', async () => {
    const c = await makeClass(t);
    const m = await makeUser(t, { signed: true, firstName: 'Vera' });
    expect((await book(m.token, c.id, m.user.id)).errors).toBeUndefined();
    const v = await publishNew();

    const c2 = await makeClass(t, { startsInMinutes: 3 * 24 * 60 });
    const refused = await book(m.token, c2.id, m.user.id);
    expect(refused.errors?.[0]).toMatchObject({
      message: `Vera ${m.user.lastName} needs a signed waiver before booking. Sign it on the waiver page.`,
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await t.gql(`{ profile { waiverSigned } }`, {}, { token: m.token })).data?.profile.waiverSigned).toBe(false);
    const login = await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { redirect } }`, {
      u: m.username,
      p: TEST_PASSWORD,
    });
    expect(login.data?.login.redirect).toBe('/waiver');

    const signed = await t.gql(SIGN, { ids: [m.user.id] }, { token: m.token });
    expect(signed.data?.signWaivers.signatures).toEqual([{ documentVersion: v.version, signedFor: { id: m.user.id } }]);
    expect((await book(m.token, c2.id, m.user.id)).errors).toBeUndefined();
  });

  it('asks a parent again for each minor in the family', async () => {
    const parent = await makeUser(t, { role: Role.parent, signed: true });
    const mia = await makeFamilyMember(t, parent.user, 10, 'Mia');
    const ivy = await makeFamilyMember(t, parent.user, 7, 'Ivy');
    await t.app.services.waivers.sign(em(t), parent.user, [mia.id, ivy.id], { ip: null, userAgent: null });
    await publishNew();

    const family = `{ profile { waiverSigned familyMembers { id waiverSigned } } }`;
    const state = await t.gql(family, {}, { token: parent.token });
    expect(state.data?.profile).toEqual({
      waiverSigned: false,
      familyMembers: expect.arrayContaining([
        { id: mia.id, waiverSigned: false },
        { id: ivy.id, waiverSigned: false },
      ]),
    });
    const c = await makeClass(t);
    for (const kid of [mia, ivy]) {
      expect((await book(parent.token, c.id, kid.id)).errors?.[0].message).toBe(
        `${kid.firstName} ${parent.user.lastName} needs a signed waiver before booking. Sign it on the waiver page.`,
      );
    }
    await t.gql(SIGN, { ids: [parent.user.id, mia.id] }, { token: parent.token });
    expect((await book(parent.token, c.id, mia.id)).data?.bookClass.booking.attendee.id).toBe(mia.id);
    expect(code(await book(parent.token, c.id, ivy.id))).toBe('FORBIDDEN');
  });
});

describe('who signed which version', () => {
  /** People with a last name of their own: one on the current version, one on an older one, one never, a parent's minor. */
  async function cast() {
    const family = `Zz${randomUUID().slice(0, 8)}`;
    const older = await makeUser(t, { signed: true, firstName: 'Olive', lastName: family });
    const olderVersion = (await t.gql(`{ waiverDocument { version } }`)).data?.waiverDocument.version as number;
    await publishNew();
    const current = await makeUser(t, { firstName: 'Carla', lastName: family });
    await t.gql(SIGN, { ids: [current.user.id] }, { token: current.token, headers: { 'user-agent': 'Tablet/1.0' } });
    const never = await makeUser(t, { firstName: 'Nina', lastName: family });
    const parent = await makeUser(t, { role: Role.parent, firstName: 'Pam', lastName: family });
    const kid = await makeFamilyMember(t, parent.user, 9, 'Kit');
    return { family, older, olderVersion, current, never, parent, kid };
  }
  const list = (variables: Record<string, unknown>) => t.gql(STATUSES, variables, { token: admin.token });

  it('lists every person with their standing, and counts each standing the search matches', async () => {
    const { family, older, olderVersion, current, never, parent, kid } = await cast();
    const res = await list({ search: family });
    expect(res.errors).toBeUndefined();
    const page = res.data?.waiverStatuses;
    expect(page.counts).toEqual({ current: 1, outdated: 1, never: 3, missing: 4 });
    expect(page.total).toBe(5);
    const byId = new Map(page.items.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(current.user.id)).toMatchObject({
      standing: 'CURRENT',
      contact: { id: current.user.id },
      signature: { signedBy: { id: current.user.id }, userAgent: 'Tablet/1.0', typedName: null, hasDrawing: false },
    });
    expect(byId.get(older.user.id)).toMatchObject({ standing: 'OUTDATED', signature: { documentVersion: olderVersion } });
    expect(byId.get(never.user.id)).toMatchObject({ standing: 'NEVER', signature: null });
    expect(byId.get(kid.id)).toMatchObject({ standing: 'NEVER', contact: { id: parent.user.id } });
    // By last name, then first name.
    expect(page.items.map((row: { person: { firstName: string } }) => row.person.firstName)).toEqual([
      'Carla',
      'Kit',
      'Nina',
      'Olive',
      'Pam',
    ]);
  });

  it('filters by standing, searches by part of a name, pages and sorts by the signature date', async () => {
    const { family, older, current, never } = await cast();
    const ids = async (variables: Record<string, unknown>) =>
      (await list({ search: family, ...variables })).data?.waiverStatuses.items.map((row: { id: string }) => row.id);
    expect(await ids({ standings: ['CURRENT'] })).toEqual([current.user.id]);
    expect(await ids({ standings: ['OUTDATED'] })).toEqual([older.user.id]);
    expect(await ids({ standings: ['NEVER'] })).toHaveLength(3);
    expect(await ids({ standings: ['OUTDATED', 'NEVER'] })).toHaveLength(4);
    const partial = await list({ search: `nin ${family.slice(0, 6).toLowerCase()}` });
    expect(partial.data?.waiverStatuses.items.map((row: { id: string }) => row.id)).toEqual([never.user.id]);
    const second = await list({ search: family, page: 2, pageSize: 2 });
    expect(second.data?.waiverStatuses).toMatchObject({
      total: 5,
      items: [{ person: { firstName: 'Nina' } }, { person: { firstName: 'Olive' } }],
    });
    expect(await ids({ sortField: 'signedAt', sortDirection: 'DESC', pageSize: 2 })).toEqual([current.user.id, older.user.id]);
    expect(code(await list({ pageSize: 101 }))).toBe('BAD_USER_INPUT');
  });

  it('answers a page in four statements, whatever its size', async () => {
    const { family } = await cast();
    const counter = statementCounter(t);
    try {
      for (const pageSize of [2, 100]) {
        counter.reset();
        const res = await list({ search: family, pageSize });
        expect(res.data?.waiverStatuses.items.length).toBe(Math.min(pageSize, 5));
        // The caller's session, then the page: its rows, the counts, the people, their signatures.
        expect(counter.sql()).toHaveLength(5);
      }
    } finally {
      counter.stop();
    }
  });

  it('opens a signature record and its PDF for the admin', async () => {
    const { family, current } = await cast();
    const row = (await list({ search: family, standings: ['CURRENT'] })).data?.waiverStatuses.items[0];
    expect(row.id).toBe(current.user.id);
    const pdf = await fetch(`${t.url}${row.signature.pdfUrl}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('reminding the missing', () => {
  it('emails each person missing the current version once a day, a parent once for the family', async () => {
    const family = `Rr${randomUUID().slice(0, 8)}`;
    await publishNew();
    const signed = await makeUser(t, { signed: true, firstName: 'Sol', lastName: family });
    const missing = await makeUser(t, { firstName: 'Max', lastName: family });
    const parent = await makeUser(t, { role: Role.parent, firstName: 'Pia', lastName: family });
    const kid = await makeFamilyMember(t, parent.user, 8, 'Kai');
    const noEmail = await makeUser(t, { firstName: 'Ned', lastName: family });
    await em(t).nativeUpdate('User', { id: noEmail.user.id }, { email: null });

    const first = await t.gql(REMIND, { search: family }, { token: admin.token });
    expect(first.data?.remindMissingWaivers).toEqual({ reminded: 3, emails: 2, alreadyReminded: 0, withoutEmail: 1, remaining: 0 });
    const again = await t.gql(REMIND, { search: family }, { token: admin.token });
    expect(again.data?.remindMissingWaivers).toEqual({ reminded: 0, emails: 0, alreadyReminded: 3, withoutEmail: 1, remaining: 0 });
    // A double click: two at once still send each email once.
    await Promise.all([1, 2].map(() => t.gql(REMIND, { search: family }, { token: admin.token })));

    const outbox = await em(t).find(OutboxEmail, {
      kind: 'waiver_reminder',
      to: { $in: [signed, missing, parent].map((m) => m.user.email!) },
    });
    expect(outbox.map((e) => e.to).sort()).toEqual([missing.user.email, parent.user.email].sort());
    const forParent = outbox.find((e) => e.to === parent.user.email)!;
    expect(forParent.subject).toBe(`Please sign the ${STUDIO} waiver`);
    expect(forParent.text).toContain('- you');
    expect(forParent.text).toContain(`- Kai ${family} (you sign for them as their parent or guardian)`);
    expect(forParent.text).toContain('https://studio.example/waiver');
    expect(outbox.find((e) => e.to === missing.user.email)!.text).not.toContain(kid.firstName);
  });

  it('reminds at most 500 people a request, and the next request the rest', async () => {
    const family = `Bb${randomUUID().slice(0, 8)}`;
    await em(t)
      .getConnection()
      .execute(
        `insert into app_user (id, first_name, last_name, email, birthday)
         select gen_random_uuid(), 'P' || n, ?, lower(?) || n || '@example.test', '1990-01-01' from generate_series(1, 501) n`,
        [family, family],
      );
    const first = await t.gql(REMIND, { search: family }, { token: admin.token });
    expect(first.data?.remindMissingWaivers).toEqual({ reminded: 500, emails: 500, alreadyReminded: 0, withoutEmail: 0, remaining: 1 });
    const next = await t.gql(REMIND, { search: family }, { token: admin.token });
    expect(next.data?.remindMissingWaivers).toEqual({ reminded: 1, emails: 1, alreadyReminded: 500, withoutEmail: 0, remaining: 0 });
    expect(await em(t).count(OutboxEmail, { kind: 'waiver_reminder', to: { $like: `${family.toLowerCase()}%` } })).toBe(501);
  });

  it('reminds only the chosen people and never those who signed', async () => {
    const family = `Qq${randomUUID().slice(0, 8)}`;
    const a = await makeUser(t, { firstName: 'Ana', lastName: family });
    const b = await makeUser(t, { firstName: 'Bo', lastName: family });
    const c = await makeUser(t, { signed: true, firstName: 'Cy', lastName: family });
    const res = await t.gql(REMIND, { personIds: [a.user.id, c.user.id] }, { token: admin.token });
    expect(res.data?.remindMissingWaivers).toMatchObject({ reminded: 1, emails: 1 });
    const current = await t.gql(REMIND, { search: family, standings: ['CURRENT'] }, { token: admin.token });
    expect(current.data?.remindMissingWaivers).toMatchObject({ reminded: 0, emails: 0 });
    expect(await em(t).count(OutboxEmail, { kind: 'waiver_reminder', to: b.user.email! })).toBe(0);
    expect(await em(t).count(OutboxEmail, { kind: 'waiver_reminder', to: c.user.email! })).toBe(0);
  });
});
