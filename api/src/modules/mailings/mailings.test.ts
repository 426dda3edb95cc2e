import { startTestApp, type TestApp } from '../../../test/app.js';
import { eventually } from '../../../test/eventually.js';
import {
  buildBooking,
  buildClassPack,
  buildOutboxEmail,
  em,
  makeFamilyMember,
  makeUser,
  Role,
  type MadeUser,
} from '../../../test/factories.js';
import { makeClass } from '../../../test/factories.js';
import { decodeBody, startSmtpPeer } from '../../../test/smtp.js';
import { OutboxEmail, OutboxStatus } from '../email/outbox-email.entity.js';
import { User } from '../users/user.entity.js';

let t: TestApp;
let admin: MadeUser;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const REFUSED = 'nobody-here@example.test';

beforeAll(async () => {
  smtp = await startSmtpPeer({ refuses: [REFUSED] });
  // 600 a minute: a slice (10 s) is 100 messages.
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.example', MAILING_RATE_PER_MINUTE: '600' });
  admin = await makeUser(t, { role: Role.admin, firstName: 'Ada' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}, token = admin.token) {
  const res = await t.gql(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const refusal = async (query: string, variables: Record<string, unknown>, token = admin.token) => {
  const res = await t.gql(query, variables, { token });
  return [res.errors?.[0].extensions?.code, res.errors?.[0].message] as [string | undefined, string | undefined];
};

const AUDIENCE = `query($a: MailingAudienceInput!) { mailingAudience(audience: $a) {
  recipients excluded { reason count } sample { userId name address viaParent } excludedSample { userId excludedReason } } }`;
const INCLUSION = `query($a: MailingAudienceInput!, $u: ID!) { mailingInclusion(audience: $a, userId: $u) {
  included reasons member { address viaParent excludedReason } } }`;
const CREATE = `mutation($i: MailingInput!) { createMailing(input: $i) { id status } }`;
const MAILING = `query($id: ID!) { mailing(id: $id) { status stateCounts { state count }
  recipients(pageSize: 100) { total items { userId name address viaParent state reason } } } }`;
const audience = (a: Record<string, unknown>) => ({ groupIds: [], roles: [], classInstanceIds: [], userIds: [], ...a });

async function manualGroup(name: string, ids: string[]): Promise<string> {
  const { createGroup } = await gql(`mutation($n: String!) { createGroup(input: { name: $n }) { id } }`, { n: name });
  await gql(`mutation($g: ID!, $ids: [ID!]) { addToGroup(groupId: $g, ids: $ids) { changed } }`, { g: createGroup.id, ids });
  return createGroup.id;
}

describe('the audience', () => {
  it('reaches a group, a roster and chosen people once each, says who is left out and why', async () => {
    const a = await makeUser(t, { firstName: 'Anya' });
    const b = await makeUser(t, { firstName: 'Bo' });
    const parent = await makeUser(t, { role: Role.parent, firstName: 'Pat' });
    const child = await makeFamilyMember(t, parent.user, 9, 'Kit');
    const optedOut = await makeUser(t, { firstName: 'Olly' });
    const bounced = await makeUser(t, { firstName: 'Bea' });
    const inactive = await makeUser(t, { firstName: 'Ina' });
    const e = em(t);
    await e.nativeUpdate(User, { id: inactive.user.id }, { isActive: false });
    await buildOutboxEmail(t, { to: bounced.user.email!.toUpperCase(), status: OutboxStatus.failed, bounced: true });
    await t.app.services.mailings.optOuts.unsubscribe(em(t), optedOut.user.id, 'admin');

    const group = await manualGroup(`Friday crew ${Date.now()}`, [a.user.id, b.user.id, optedOut.user.id]);
    const cls = await makeClass(t);
    await buildBooking(t, { classInstance: cls, attendee: child, bookedBy: parent.user });
    await buildBooking(t, { classInstance: cls, attendee: a.user });
    const input = audience({ groupIds: [group], classInstanceIds: [cls.id], userIds: [bounced.user.id, inactive.user.id, a.user.id] });

    const { mailingAudience: s } = await gql(AUDIENCE, { a: input });
    expect(s.recipients).toBe(3); // Anya (three sources), Bo, Kit through Pat
    expect(Object.fromEntries(s.excluded.map((x: { reason: string; count: number }) => [x.reason, x.count]))).toEqual({
      bounced: 1,
      inactive: 1,
      unsubscribed: 1,
    });
    const kit = s.sample.find((m: { userId: string }) => m.userId === child.id);
    expect(kit).toMatchObject({ address: parent.user.email, viaParent: true });

    const why = (await gql(INCLUSION, { a: input, u: a.user.id })).mailingInclusion;
    expect(why.included).toBe(true);
    expect(why.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^In the group “Friday crew/),
        expect.stringMatching(/^On the roster of /),
        'Chosen by name',
      ]),
    );
    const whyNot = (await gql(INCLUSION, { a: input, u: optedOut.user.id })).mailingInclusion;
    expect(whyNot).toMatchObject({ included: false, member: { excludedReason: 'unsubscribed' } });
    const stranger = (await gql(INCLUSION, { a: input, u: parent.user.id })).mailingInclusion;
    expect(stranger).toEqual({ included: false, reasons: [], member: null });
  });

  it('reaches a rule group’s members as they are now', async () => {
    const surname = `Rule${Date.now()}`;
    const teen = await makeUser(t, { age: 15, lastName: surname });
    await makeUser(t, { age: 40, lastName: surname });
    const { createGroup } = await gql(`mutation($input: GroupInput!) { createGroup(input: $input) { id } }`, {
      input: { name: `Teens ${surname}`, rule: { maxAge: 17 } },
    });
    const input = audience({ groupIds: [createGroup.id] });
    const before = (await gql(AUDIENCE, { a: input })).mailingAudience.recipients as number;
    const why = (await gql(INCLUSION, { a: input, u: teen.user.id })).mailingInclusion;
    expect(why).toMatchObject({ included: true, reasons: [`In the group “Teens ${surname}”`] });
    // Someone who comes to match the rule is in the next check, with no change to the group.
    await makeUser(t, { age: 12, lastName: surname });
    expect((await gql(AUDIENCE, { a: input })).mailingAudience.recipients).toBe(before + 1);
  });

  it('is for admins only, and refuses bad input with a clear message', async () => {
    const member = await makeUser(t);
    expect((await refusal(AUDIENCE, { a: audience({ roles: ['student'] }) }, member.token))[0]).toBe('FORBIDDEN');
    expect(await refusal(AUDIENCE, { a: audience({}) })).toEqual([
      'BAD_USER_INPUT',
      'Choose who receives it: a group, a role, a class or people.',
    ]);
    expect((await refusal(AUDIENCE, { a: audience({ groupIds: ['not-an-id'] }) }))[0]).toBe('BAD_USER_INPUT');
    const base = { body: 'Hello', audience: audience({ roles: ['admin'] }) };
    const unknown = await t.gql(CREATE, { i: { ...base, subject: 'Hi {{lastName}}' } }, { token: admin.token });
    expect(unknown.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { subject: 'Unknown merge field {{lastName}}: use {{firstName}}, {{nextClass}}, {{packClassesLeft}}.' },
    });
    expect((await refusal(CREATE, { i: { ...base, subject: 'x\u0000y' } }))[0]).toBe('BAD_USER_INPUT');
    expect((await refusal(CREATE, { i: { ...base, subject: 'ok', body: 'x'.repeat(20_001) } }))[0]).toBe('BAD_USER_INPUT');
    expect(
      await refusal(CREATE, { i: { ...base, subject: 'ok', audience: audience({ groupIds: ['00000000-0000-4000-8000-000000000000'] }) } }),
    ).toEqual(['NOT_FOUND', 'That group was not found.']);
    expect((await refusal(CREATE, { i: { ...base, subject: 'ok', scheduledAt: new Date(Date.now() - 3_600_000).toISOString() } }))[0]).toBe(
      'BAD_USER_INPUT',
    );
  });
});

describe('sending', () => {
  it('fills merge fields, sends HTML and text with one-click unsubscribe headers, and records each recipient', async () => {
    const maya = await makeUser(t, { firstName: 'Maya' });
    const refused = await makeUser(t, { firstName: 'Ned' });
    await em(t).nativeUpdate(User, { id: refused.user.id }, { email: REFUSED });
    await buildClassPack(t, { owner: maya.user, classes: 10, used: 7 });
    const cls = await makeClass(t, { startsInMinutes: 3 * 24 * 60 });
    await buildBooking(t, { classInstance: cls, attendee: maya.user });
    const group = await manualGroup(`News ${Date.now()}`, [maya.user.id, refused.user.id]);

    const body = 'Hi **{{firstName}}**, you have {{packClassesLeft}} classes left. Next: {{nextClass}}.\n\n<script>alert(1)</script>';
    const { createMailing } = await gql(CREATE, {
      i: { subject: 'News for {{firstName}}', body, audience: audience({ groupIds: [group] }) },
    });
    const mail = decodeBody((await smtp.waitFor((m) => m.to.includes(maya.user.email!.toLowerCase()))).raw);
    expect(mail).toMatch(/Subject: News for Maya/);
    expect(mail).toContain('Hi **Maya**, you have 3 classes left.');
    expect(mail).toContain('<strong>Maya</strong>');
    expect(mail).toContain(cls.blueprint.name);
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(mail).toMatch(/List-Unsubscribe:\s+<https:\/\/studio\.example\/api\/email\/unsubscribe\/[\w.-]+>/);
    expect(mail).toMatch(/List-Unsubscribe-Post:\s+List-Unsubscribe=One-Click/);

    await eventually(async () => {
      const { mailing } = await gql(MAILING, { id: createMailing.id });
      expect(mailing.status).toBe('sent');
      expect(mailing.stateCounts).toEqual([
        { state: 'bounced', count: 1 },
        { state: 'sent', count: 1 },
      ]);
      const ned = mailing.recipients.items.find((r: { userId: string }) => r.userId === refused.user.id);
      expect(ned).toMatchObject({ state: 'bounced', reason: expect.stringMatching(/No such user/) });
    }, 15_000);
    // The refused address is left out of the next mailing.
    const { mailingAudience } = await gql(AUDIENCE, { a: audience({ groupIds: [group] }) });
    expect(mailingAudience.excluded).toEqual([{ reason: 'bounced', count: 1 }]);
  });

  it('sends a slice at the studio rate, and a cancel withdraws what is not sent', async () => {
    const e = em(t);
    const users = Array.from({ length: 130 }, (_, i) => {
      const u = new User({ firstName: `Bulk${i}`, lastName: 'Member', birthday: '1990-01-01' });
      u.username = `bk${i}_${Math.random().toString(36).slice(2, 8)}`;
      u.email = `${u.username}@example.test`;
      u.passwordHash = 'not-a-login';
      return u;
    });
    await e.persistAndFlush(users);
    const group = await manualGroup(
      `Bulk ${Date.now()}`,
      users.map((u) => u.id),
    );
    const { createMailing } = await gql(CREATE, {
      i: { subject: 'Bulk', body: 'Hello {{firstName}}', audience: audience({ groupIds: [group] }) },
    });
    await eventually(async () => {
      const { mailing } = await gql(MAILING, { id: createMailing.id });
      expect(mailing.status).toBe('sending');
      const queued = mailing.recipients.total;
      expect(queued).toBe(130);
    });
    // The first slice is 100 messages; the rest waits for the next run, 10 s on.
    const written = await em(t)
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from mailing_recipient where mailing_id = ? and outbox_email_id is not null', [
        createMailing.id,
      ]);
    expect(written[0].n).toBe(100);
    const { cancelMailing } = await gql(`mutation($id: ID!) { cancelMailing(id: $id) { status } }`, { id: createMailing.id });
    expect(cancelMailing.status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 11_000));
    const after = await em(t)
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from mailing_recipient where mailing_id = ? and outbox_email_id is not null', [
        createMailing.id,
      ]);
    expect(after[0].n).toBe(100);
    const { mailing } = await gql(MAILING, { id: createMailing.id });
    const counts = Object.fromEntries(mailing.stateCounts.map((c: { state: string; count: number }) => [c.state, c.count]));
    expect(counts.queued ?? 0).toBe(30); // never written: nothing left to send
    expect((counts.sent ?? 0) + (counts.cancelled ?? 0)).toBe(100);
    expect(await refusal(`mutation($id: ID!) { cancelMailing(id: $id) { status } }`, { id: createMailing.id })).toEqual([
      'CONFLICT',
      'That mailing is already cancelled: what went out stays sent.',
    ]);
  }, 30_000);

  it('holds a scheduled mailing until its time; cancelling it sends nothing', async () => {
    const member = await makeUser(t);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const { createMailing } = await gql(CREATE, {
      i: { subject: 'Later', body: 'Soon', scheduledAt: at, audience: audience({ userIds: [member.user.id] }) },
    });
    expect(createMailing.status).toBe('scheduled');
    await gql(`mutation($id: ID!) { cancelMailing(id: $id) { status } }`, { id: createMailing.id });
    const { mailing } = await gql(MAILING, { id: createMailing.id });
    expect(mailing).toMatchObject({ status: 'cancelled', stateCounts: [], recipients: { total: 0 } });
  });

  it('test-sends to the admin alone, marked [Test]', async () => {
    const { sendTestMailing } = await gql(`mutation($i: MailingInput!) { sendTestMailing(input: $i) }`, {
      i: { subject: 'Hello {{firstName}}', body: 'Body', audience: audience({ roles: ['student'] }) },
    });
    expect(sendTestMailing).toBe(admin.user.email);
    const mail = await smtp.waitFor((m) => m.to.includes(admin.user.email!.toLowerCase()) && m.raw.includes('[Test] Hello Ada'));
    expect(mail.to).toEqual([admin.user.email!.toLowerCase()]);
  });
});

describe('attachments', () => {
  const put = (body: Buffer, filename: string, token = admin.token) =>
    fetch(`${t.url}/api/mailings/attachments?filename=${encodeURIComponent(filename)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
    });
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

  it('sends the files with every message, told by their bytes', async () => {
    const upload = await put(PDF, '../../Showcase "flyer".PDF');
    expect(upload.status).toBe(200);
    const file = (await upload.json()) as { id: string; filename: string; contentType: string; size: number };
    expect(file).toMatchObject({ filename: 'Showcase flyer.pdf', contentType: 'application/pdf', size: PDF.length });
    const member = await makeUser(t);
    await gql(CREATE, {
      i: { subject: 'Flyer', body: 'Attached.', audience: audience({ userIds: [member.user.id] }), attachmentIds: [file.id] },
    });
    const mail = await smtp.waitFor((m) => m.to.includes(member.user.email!.toLowerCase()) && m.raw.includes('Subject: Flyer'));
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name="Showcase flyer.pdf"/);
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename="Showcase flyer.pdf"/);
    expect(mail.raw).toContain(PDF.toString('base64').slice(0, 40));
  });

  it('refuses a file that is not a PDF or an image, an empty or oversized one, and non-admins', async () => {
    const text = await put(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'invoice.pdf');
    expect(text.status).toBe(400);
    expect(await text.text()).toContain('Attach a PDF or an image (JPEG, PNG, GIF or WebP).');
    expect((await put(Buffer.alloc(0), 'empty.pdf')).status).toBe(400);
    const big = await put(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf');
    expect(big.status).toBe(413);
    const member = await makeUser(t);
    expect((await put(PDF, 'x.pdf', member.token)).status).toBe(403);
    expect(
      (
        await refusal(CREATE, {
          i: { subject: 's', body: 'b', audience: audience({ roles: ['admin'] }), attachmentIds: ['00000000-0000-4000-8000-000000000000'] },
        })
      )[0],
    ).toBe('NOT_FOUND');
  });
});

describe('unsubscribing', () => {
  const linkOf = (raw: string) => /https:\/\/studio\.example(\/api\/email\/unsubscribe\/[\w.-]+)/.exec(decodeBody(raw))![1];

  it('one click honours it at once; the link alone changes nothing; transactional email still goes', async () => {
    const member = await makeUser(t, { firstName: 'Uma' });
    await gql(CREATE, { i: { subject: 'First', body: 'One', audience: audience({ userIds: [member.user.id] }) } });
    const path = linkOf((await smtp.waitFor((m) => m.to.includes(member.user.email!.toLowerCase()))).raw);

    const page = await fetch(`${t.url}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from studio mailings?');
    expect(await t.app.services.mailings.optOuts.optOutOf(em(t), member.user.id)).toBeNull();

    const click = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(await t.app.services.mailings.optOuts.optOutOf(em(t), member.user.id)).toBeInstanceOf(Date);
    const { mailingAudience } = await gql(AUDIENCE, { a: audience({ userIds: [member.user.id] }) });
    expect(mailingAudience).toMatchObject({ recipients: 0, excluded: [{ reason: 'unsubscribed', count: 1 }] });
    // Shown on the member; and they can turn mailings back on.
    const shown = await gql(`query($ids: [ID!]) { users(ids: $ids) { items { mailingsOptOutAt } } }`, { ids: [member.user.id] });
    expect(shown.users.items[0].mailingsOptOutAt).toBeTruthy();

    await t.gql(`mutation($e: String!) { requestPasswordReset(email: $e) }`, { e: member.user.email });
    await smtp.waitFor((m) => m.to.includes(member.user.email!.toLowerCase()) && /reset/i.test(m.raw));

    await gql(`mutation { setMailingSubscription(subscribed: true) { mailingsOptOutAt } }`, {}, member.token);
    expect(await t.app.services.mailings.optOuts.optOutOf(em(t), member.user.id)).toBeNull();
  });

  it('withdraws a mailing’s messages not sent yet when their recipient unsubscribes', async () => {
    const member = await makeUser(t);
    const pending = await buildOutboxEmail(t, { to: member.user.email!, kind: 'mailing', status: OutboxStatus.pending });
    await em(t)
      .getConnection()
      .execute(
        `insert into mailing (id, subject, body, audience, status, scheduled_at, next_run_at, created_by_id)
          values (gen_random_uuid(), 's', 'b', '{}', 'sending', now(), now() + interval '1 hour', ?) returning id`,
        [admin.user.id],
      )
      .then(([row]) =>
        em(t)
          .getConnection()
          .execute(
            `insert into mailing_recipient (id, mailing_id, user_id, addressee_id, address, outbox_email_id) values (gen_random_uuid(), ?, ?, ?, ?, ?)`,
            [row.id, member.user.id, member.user.id, member.user.email, pending.id],
          ),
      );
    await gql(`mutation { setMailingSubscription(subscribed: false) { id } }`, {}, member.token);
    const after = await em(t).findOneOrFail(OutboxEmail, pending.id);
    expect(after).toMatchObject({ status: OutboxStatus.cancelled, lastError: 'The recipient unsubscribed' });
  });

  it('refuses a forged or malformed token without a trace of an error', async () => {
    const member = await makeUser(t);
    for (const token of [`${member.user.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAA`, 'garbage', `${member.user.id}`, 'a.b.c']) {
      const res = await fetch(`${t.url}/api/email/unsubscribe/${token}`, { method: 'POST' });
      expect([token, res.status]).toEqual([token, 404]);
      expect([token, await res.text()]).toEqual([token, expect.stringContaining('This link does not work')]);
    }
    expect(await t.app.services.mailings.optOuts.optOutOf(em(t), member.user.id)).toBeNull();
  });
});

describe('the outbox', () => {
  it('resends an email as a new message, and searches by address', async () => {
    const member = await makeUser(t);
    const held = await buildOutboxEmail(t, {
      to: member.user.email!,
      subject: 'Your receipt',
      status: OutboxStatus.failed,
      lastError: 'timeout',
    });
    const { resendEmail } = await gql(`mutation($id: ID!) { resendEmail(id: $id) { id to subject } }`, { id: held.id });
    expect(resendEmail).toMatchObject({ to: member.user.email, subject: 'Your receipt' });
    expect(resendEmail.id).not.toBe(held.id);
    await smtp.waitFor((m) => m.to.includes(member.user.email!.toLowerCase()) && m.raw.includes('Your receipt'));
    const { outboxEmails } = await gql(`query($s: String) { outboxEmails(search: $s) { total items { id status } } }`, {
      s: member.user.email,
    });
    expect(outboxEmails.total).toBe(2);
    expect((await refusal(`mutation($id: ID!) { resendEmail(id: $id) { id } }`, { id: 'nope' }))[0]).toBe('BAD_USER_INPUT');
    expect((await refusal(`mutation($id: ID!) { resendEmail(id: $id) { id } }`, { id: '00000000-0000-4000-8000-000000000000' }))[0]).toBe(
      'NOT_FOUND',
    );
  });
});
