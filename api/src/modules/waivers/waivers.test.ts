import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf.js';
import { WaiverSignature } from './waiver-signature.entity.js';

let t: TestApp;
beforeAll(async () => {
  // The PDF copy's time is checked as Los Angeles time (PST/PDT).
  t = await startTestApp({ STUDIO_TIME_ZONE: 'America/Los_Angeles' });
});
afterAll(() => t.close());

const SIGN = `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { signatures { id documentId documentVersion signedFor { id } signedBy { id } ip userAgent } user { id waiverSigned } } }`;
const STATE = `{ profile { waiverSigned familyMembers { id waiverSigned } } }`;
const sign = (token: string, ids: string[], headers: Record<string, string> = {}) => t.gql(SIGN, { ids }, { token, headers });

async function family() {
  const parent = await makeUser(t, { role: Role.parent });
  const minor = await makeFamilyMember(t, parent.user, 10, 'Mia');
  const adult = await makeFamilyMember(t, parent.user, 19, 'Leo');
  return { parent, minor, adult };
}

it('publishes the waiver document to everyone', async () => {
  const res = await t.gql(`{ waiverDocument { documentId version lastUpdated title sections { key heading body } } }`);
  expect(res.data?.waiverDocument).toMatchObject({ documentId: 'ASTRO-WAIVER-2025', version: 1, lastUpdated: '2025-05-01' });
  expect(res.data?.waiverDocument.sections.map((s: { key: string }) => s.key)).toEqual([
    'assumption_of_risk',
    'medical_release',
    'media_release',
  ]);
});

it('needs a signed-in user', async () => {
  const { user } = await makeUser(t);
  expect((await t.gql(SIGN, { ids: [user.id] })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('signs for oneself and records who, for whom, which version, when and from where', async () => {
  const { user, token } = await makeUser(t);
  const res = await sign(token, [user.id], { 'user-agent': 'StudioTest/1.0', 'x-forwarded-for': '203.0.113.7' });
  expect(res.data?.signWaivers.user.waiverSigned).toBe(true);
  expect(res.data?.signWaivers.signatures[0]).toMatchObject({
    documentId: 'ASTRO-WAIVER-2025',
    documentVersion: 1,
    signedFor: { id: user.id },
    signedBy: { id: user.id },
    ip: '203.0.113.7',
    userAgent: 'StudioTest/1.0',
  });
  const again = await sign(token, [user.id]);
  expect(again.data?.signWaivers.signatures).toHaveLength(0); // not signed twice
});

it('lets a parent sign for a minor in the family', async () => {
  const { parent, minor } = await family();
  const res = await sign(parent.token, [parent.user.id, minor.id]);
  expect(res.errors).toBeUndefined();
  const state = await t.gql(STATE, {}, { token: parent.token });
  expect(state.data?.profile.waiverSigned).toBe(true);
  expect(state.data?.profile.familyMembers.find((m: { id: string }) => m.id === minor.id).waiverSigned).toBe(true);
});

it('refuses an adult family member, naming them, and signs nothing (all or nothing)', async () => {
  const { parent, minor, adult } = await family();
  const res = await sign(parent.token, [parent.user.id, minor.id, adult.id]);
  expect(res.errors?.[0]).toMatchObject({
    message: 'Leo ' + adult.lastName + ' is 18 or older and must sign the waiver with their own account.',
    extensions: { code: 'FORBIDDEN' },
  });
  expect(await em(t).count(WaiverSignature, { signedFor: { $in: [parent.user.id, minor.id, adult.id] } })).toBe(0);
});

it("refuses a stranger and another family's child", async () => {
  const { parent } = await family();
  const stranger = await makeUser(t);
  const other = await family();
  for (const id of [stranger.user.id, other.minor.id]) {
    const res = await sign(parent.token, [parent.user.id, id]);
    expect(res.errors?.[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: 'You can only sign the waiver for yourself and for children under 18 in your family.',
    });
  }
  expect(await em(t).count(WaiverSignature, { signedFor: parent.user.id })).toBe(0);
});

it('refuses an empty list and malformed ids', async () => {
  const { token } = await makeUser(t);
  expect((await sign(token, [])).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect((await sign(token, ['not-a-uuid'])).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('keeps signatures immutable in the database', async () => {
  const { user, token } = await makeUser(t);
  await sign(token, [user.id]);
  const conn = em(t).getConnection();
  await expect(conn.execute(`update waiver_signature set ip = 'x' where signed_for_id = ?`, [user.id])).rejects.toThrow(
    /cannot be changed or deleted/,
  );
  await expect(conn.execute(`delete from waiver_signature where signed_for_id = ?`, [user.id])).rejects.toThrow(
    /cannot be changed or deleted/,
  );
});

it('changes the login redirect once signed', async () => {
  const { user, token, username } = await makeUser(t);
  const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { redirect } }`;
  expect((await t.gql(LOGIN, { u: username, p: 'correct-horse-battery' })).data?.login.redirect).toBe('/waiver');
  await sign(token, [user.id]);
  expect((await t.gql(LOGIN, { u: username, p: 'correct-horse-battery' })).data?.login.redirect).toBe('/dashboard');
});

it('gives admins paged lists of signatures and of people without one', async () => {
  const admin = await makeUser(t, { role: Role.admin, signed: true });
  const signed = await makeUser(t, { signed: true, firstName: 'Signedperson' });
  const unsigned = await makeUser(t, { firstName: 'Unsignedperson' });
  const list = await t.gql(
    `{ waiverSignatures(search: "Signedperson") { total items { signedFor { id } signedBy { id } documentId } } }`,
    {},
    { token: admin.token },
  );
  expect(list.data?.waiverSignatures).toMatchObject({
    total: 1,
    items: [{ signedFor: { id: signed.user.id }, documentId: 'ASTRO-WAIVER-2025' }],
  });
  const missing = await t.gql(`{ usersWithoutWaiver(pageSize: 100) { total items { id } } }`, {}, { token: admin.token });
  const ids = missing.data?.usersWithoutWaiver.items.map((u: { id: string }) => u.id);
  expect(ids).toContain(unsigned.user.id);
  expect(ids).not.toContain(signed.user.id);
  expect((await t.gql(`{ usersWithoutWaiver { total } }`, {}, { token: signed.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await t.gql(`{ waiverSignatures(pageSize: 101) { total } }`, {}, { token: admin.token })).errors?.[0].extensions?.code).toBe(
    'BAD_USER_INPUT',
  );
});

describe('the typed and drawn signature, and the PDF copy', () => {
  /** A 1×1 transparent PNG: a drawing as small as a pad can make. */
  const DRAWING = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const SIGN_WITH = `mutation($ids: [ID!]!, $signature: WaiverSignatureInput) {
    signWaivers(userIds: $ids, signature: $signature) { signatures { id typedName hasDrawing pdfUrl signedFor { id } signedBy { id } } } }`;
  const MINE = `{ myWaiverSignatures { id documentId documentVersion documentTitle signedAt typedName hasDrawing pdfUrl signedFor { id } signedBy { id } } }`;
  const signWith = (token: string, ids: string[], signature: unknown, headers: Record<string, string> = {}) =>
    t.gql(SIGN_WITH, { ids, signature }, { token, headers });

  async function download(path: string, token?: string) {
    const res = await fetch(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  }

  async function parentSignedForMia() {
    const parent = await makeUser(t, { role: Role.parent, firstName: 'Paula', lastName: 'Quintero' });
    const mia = await makeFamilyMember(t, parent.user, 10, 'Mia');
    const res = await signWith(
      parent.token,
      [parent.user.id, mia.id],
      { typedName: '  paula   QUINTERO ', drawing: DRAWING },
      { 'user-agent': 'StudioTest/2.0 (PDF)', 'x-forwarded-for': '198.51.100.23' },
    );
    expect(res.errors).toBeUndefined();
    const signatures: { id: string; pdfUrl: string; signedFor: { id: string } }[] = res.data?.signWaivers.signatures;
    return {
      parent,
      mia,
      forParent: signatures.find((s) => s.signedFor.id === parent.user.id)!,
      forMia: signatures.find((s) => s.signedFor.id === mia.id)!,
    };
  }

  it('keeps the typed name (spaces tidied) and the drawing with each record, and lists them for the family', async () => {
    const { parent, mia, forMia } = await parentSignedForMia();
    expect(forMia).toMatchObject({ typedName: 'paula QUINTERO', hasDrawing: true, pdfUrl: `/api/waivers/signatures/${forMia.id}.pdf` });
    const mine = await t.gql(MINE, {}, { token: parent.token });
    expect(mine.data?.myWaiverSignatures).toHaveLength(2);
    expect(mine.data?.myWaiverSignatures.find((s: { signedFor: { id: string } }) => s.signedFor.id === mia.id)).toMatchObject({
      documentId: 'ASTRO-WAIVER-2025',
      documentVersion: 1,
      documentTitle: 'Liability Waiver and Release',
      signedBy: { id: parent.user.id },
      typedName: 'paula QUINTERO',
    });
    const stranger = await makeUser(t);
    expect((await t.gql(MINE, {}, { token: stranger.token })).data?.myWaiverSignatures).toEqual([]);
  });

  it('shows the drawing to those who may read the signature', async () => {
    const { parent, forMia } = await parentSignedForMia();
    const admin = await makeUser(t, { role: Role.admin, signed: true });
    const one = `query($id: ID!) { waiverSignature(id: $id) { drawing } }`;
    expect((await t.gql(one, { id: forMia.id }, { token: admin.token })).data?.waiverSignature.drawing).toBe(DRAWING);
    const mine = await t.gql(`{ myWaiverSignatures { id drawing } }`, {}, { token: parent.token });
    expect(mine.data?.myWaiverSignatures.map((s: { drawing: string }) => s.drawing)).toEqual([DRAWING, DRAWING]);
    const { user, token } = await makeUser(t);
    const [typedOnly] = (await sign(token, [user.id])).data!.signWaivers.signatures;
    expect((await t.gql(one, { id: typedOnly.id }, { token })).data?.waiverSignature.drawing).toBeNull();
  });

  it("refuses a typed name that is not the signer's, a blank one, and signs nothing", async () => {
    const { user, token } = await makeUser(t, { firstName: 'Sam', lastName: 'Okafor' });
    const wrong = await signWith(token, [user.id], { typedName: 'Sam Smith' });
    expect(wrong.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: { typedName: 'Type your full name as it is on your account: Sam Okafor.' } },
    });
    const blank = await signWith(token, [user.id], { typedName: '   ' });
    expect(blank.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { typedName: 'Type your full name to sign.' } });
    expect(await em(t).count(WaiverSignature, { signedFor: user.id })).toBe(0);
  });

  it('refuses a drawing that is too large or not a PNG, with a clear message (400 over REST)', async () => {
    const { user, token } = await makeUser(t, { firstName: 'Sam', lastName: 'Okafor' });
    const huge = `data:image/png;base64,${'A'.repeat(25_000)}`;
    const tooBig = await signWith(token, [user.id], { typedName: 'Sam Okafor', drawing: huge });
    expect(tooBig.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { drawing: expect.stringMatching(/^The drawn signature is too large to keep\./) },
    });
    const notPng = await signWith(token, [user.id], {
      typedName: 'Sam Okafor',
      drawing: `data:image/png;base64,${Buffer.from('GIF89a, not a PNG at all, honest').toString('base64')}`,
    });
    expect(notPng.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { drawing: 'The drawn signature must be a PNG image.' },
    });
    const rest = await fetch(`${t.url}/api/sign-waiver`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ userIds: [user.id], signature: { typedName: 'Sam Okafor', drawing: huge } }),
    });
    expect(rest.status).toBe(400);
    expect(await rest.text()).toMatch(/^drawing: The drawn signature is too large to keep\./);
    expect(await em(t).count(WaiverSignature, { signedFor: user.id })).toBe(0);
  });

  it('keeps the signature rules in the database too', async () => {
    const { user } = await makeUser(t);
    const [document] = await em(t).getConnection().execute(`select id from waiver_document limit 1`);
    const insert = (typedName: string | null, drawing: string | null) =>
      em(t)
        .getConnection()
        .execute(
          `insert into waiver_signature (id, document_id, signed_for_id, signed_by_id, typed_name, drawing) values (gen_random_uuid(), ?, ?, ?, ?, ?)`,
          [document.id, user.id, user.id, typedName, drawing],
        );
    await expect(insert('   ', null)).rejects.toThrow(/waiver_signature_typed_name_check/);
    await expect(insert(null, DRAWING)).rejects.toThrow(/waiver_signature_drawing_check/);
    await expect(insert('Sam', 'data:image/gif;base64,R0lGOD')).rejects.toThrow(/waiver_signature_drawing_check/);
  });

  it('downloads the PDF copy: the waiver, who it covers, the parent who signed, the typed name, when and from where', async () => {
    const { parent, forMia } = await parentSignedForMia();
    const { res, body } = await download(forMia.pdfUrl, parent.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename=waiver-ASTRO-WAIVER-2025-v1-mia-quintero-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(body);
    for (const expected of [
      'AERIAL STUDIO',
      'Liability Waiver and Release',
      'Document ASTRO-WAIVER-2025 · version 1 · last updated May 1, 2025',
      'Assumption of Risk',
      'Media Release',
      'Mia Quintero (a minor)',
      'Paula Quintero, parent or guardian of Mia Quintero',
      'paula QUINTERO',
      '198.51.100.23',
      'StudioTest/2.0 (PDF)',
      'Drawn signature',
      forMia.id,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/\d{4} at \d{1,2}:\d{2}:\d{2} [AP]M P[SD]T \(America\/Los_Angeles\)/);
  });

  it('lets the signer, the person, their guardian and admins download; anyone else gets 404', async () => {
    const { parent, forParent, forMia } = await parentSignedForMia();
    const admin = await makeUser(t, { role: Role.admin, signed: true });
    const stranger = await makeUser(t, { signed: true });
    const instructor = await makeUser(t, { role: Role.instructor, signed: true });
    expect((await download(forMia.pdfUrl)).res.status).toBe(401);
    expect((await download(forMia.pdfUrl, parent.token)).res.status).toBe(200);
    expect((await download(forParent.pdfUrl, parent.token)).res.status).toBe(200);
    expect((await download(forMia.pdfUrl, admin.token)).res.status).toBe(200);
    for (const who of [stranger, instructor]) {
      const { res, body } = await download(forMia.pdfUrl, who.token);
      expect(res.status).toBe(404);
      expect(body.toString()).toBe('That waiver signature was not found.');
    }
    expect((await download(`/api/waivers/signatures/${randomUUID()}.pdf`, admin.token)).res.status).toBe(404);
    expect((await download('/api/waivers/signatures/not-an-id.pdf', admin.token)).res.status).toBe(400);
    const one = `query($id: ID!) { waiverSignature(id: $id) { id typedName } }`;
    expect((await t.gql(one, { id: forMia.id }, { token: stranger.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(one, { id: forMia.id }, { token: parent.token })).data?.waiverSignature.typedName).toBe('paula QUINTERO');
  });

  it('prints a copy for a signature taken by the ticked agreement alone (the REST payload {userIds})', async () => {
    const { user, token } = await makeUser(t, { firstName: 'Ada', lastName: 'Lind' });
    const [signature] = (await sign(token, [user.id])).data!.signWaivers.signatures;
    const { res, body } = await download(`/api/waivers/signatures/${signature.id}.pdf`, token);
    expect(res.status).toBe(200);
    expect(pdfText(body)).toContain('none (accepted by ticking the agreement box)');
  });
});
