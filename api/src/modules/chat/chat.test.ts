import { startTestApp, type TestApp } from '../../../test/app.js';
import { eventually } from '../../../test/eventually.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { collect, wsClient } from '../../../test/ws.js';
import { User } from '../users/user.entity.js';
import { ChatMessage } from './chat.entity.js';
import { CHAT_MESSAGES_PER_MINUTE, CHAT_TYPING_PER_MINUTE } from './chat.limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const OVERVIEW = `{ staffChat { totalUnread conversations { id kind title unreadCount otherUserId lastMessage { id body } } } }`;
const SEND = `mutation($c: ID!, $b: String!) { sendChatMessage(conversationId: $c, body: $b) { id conversationId body source createdAt author { id firstName } } }`;
const MESSAGES = `query($c: ID!, $before: ID, $limit: Int) { chatMessages(conversationId: $c, before: $before, limit: $limit) { hasOlder olderCursor items { id body editedAt deletedAt deletedBy { id } } } }`;
const EDIT = `mutation($m: ID!, $b: String!) { editChatMessage(messageId: $m, body: $b) { id body editedAt } }`;
const DELETE = `mutation($m: ID!) { deleteChatMessage(messageId: $m) { id body deletedAt deletedBy { id firstName } } }`;
const READ = `mutation($c: ID!, $m: ID!) { markChatRead(conversationId: $c, messageId: $m) { lastReadMessageId user { id } } }`;
const EVENTS = (id: string) =>
  `subscription { chatEvents(conversationId: "${id}") { kind conversationId message { id body deletedAt } user { id firstName } receipt { user { id } lastReadMessageId } } }`;

async function overview(who: MadeUser) {
  const res = await t.gql(OVERVIEW, {}, { token: who.token });
  expect(res.errors).toBeUndefined();
  return res.data!.staffChat as {
    totalUnread: number;
    conversations: { id: string; kind: string; title: string; unreadCount: number; otherUserId: string | null }[];
  };
}
const conversationOf = async (who: MadeUser, kind: string) => (await overview(who)).conversations.find((c) => c.kind === kind)!;
async function familyThreadOf(parent: MadeUser) {
  return (await conversationOf(parent, 'family')).id;
}
async function send(who: MadeUser, conversationId: string, body: string) {
  const res = await t.gql(SEND, { c: conversationId, b: body }, { token: who.token });
  expect(res.errors).toBeUndefined();
  return res.data!.sendChatMessage as { id: string; body: string };
}
const errorOf = (res: { errors?: { message: string; extensions?: Record<string, any> }[] }) => ({
  code: res.errors?.[0]?.extensions?.code,
  message: res.errors?.[0]?.message,
});
/** A refused input: BAD_USER_INPUT with the field's message. */
const fieldErrorOf = (res: { errors?: { message: string; extensions?: Record<string, any> }[] }) => ({
  code: res.errors?.[0]?.extensions?.code,
  fields: res.errors?.[0]?.extensions?.fields,
});

describe('GET /api/staff-chat', () => {
  it('answers 401 signed out and 403 to members who are neither staff nor parents', async () => {
    expect(await call('GET', '/staff-chat')).toMatchObject({ status: 401, text: 'Please sign in to continue.' });
    const member = await makeUser(t);
    expect(await call('GET', '/staff-chat', member.token)).toMatchObject({ status: 403, text: 'You do not have permission to do that.' });
  });

  it('a parent sees only their family thread; staff see the staff room, Feedback and the family threads, with unread counts', async () => {
    const parent = await makeUser(t, { role: Role.parent, lastName: 'Okafor' });
    const instructor = await makeUser(t, { role: Role.instructor });
    const family = await familyThreadOf(parent);
    await send(instructor, family, 'Hi! Maya did great today.');
    const res = await call('GET', '/staff-chat', parent.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      totalUnread: 1,
      conversations: [
        {
          id: family,
          kind: 'family',
          title: 'Studio staff',
          unreadCount: 1,
          lastMessage: {
            id: expect.any(String),
            body: 'Hi! Maya did great today.',
            createdAt: expect.any(String),
            author: expect.objectContaining({ id: instructor.user.id }),
          },
        },
      ],
    });
    const staff = await overview(instructor);
    expect(staff.conversations[0]).toMatchObject({ kind: 'staff_room', title: 'Staff room' });
    expect(staff.conversations.map((c) => c.kind)).toEqual(expect.arrayContaining(['staff_room', 'feedback', 'family']));
    expect(staff.conversations.find((c) => c.id === family)).toMatchObject({
      title: `${parent.user.firstName} Okafor (family)`,
      unreadCount: 0,
    });
  });
});

describe('messages', () => {
  it('are plain text: HTML and script come back as the text sent; blank, too long and NUL are refused with a clear message', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const family = await familyThreadOf(parent);
    for (const payload of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
      'see https://studio.test/classes?a=1&b=2',
    ])
      expect((await send(parent, family, payload)).body).toBe(payload);
    const refused = async (body: string) => fieldErrorOf(await t.gql(SEND, { c: family, b: body }, { token: parent.token }));
    expect(await refused('   ')).toEqual({ code: 'BAD_USER_INPUT', fields: { body: 'Write a message.' } });
    expect(await refused('x'.repeat(2001))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { body: 'A message can be at most 2,000 characters.' },
    });
    expect(await refused('a\u0000b')).toEqual({ code: 'BAD_USER_INPUT', fields: { body: 'Text cannot contain NUL characters.' } });
    expect((await overview(parent)).conversations[0].unreadCount).toBe(0);
    expect((await send(parent, family, 'y'.repeat(2000))).body).toHaveLength(2000);
  });

  it('a parent never reads or writes another family’s thread, the staff room, Feedback or a malformed id', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const other = await makeUser(t, { role: Role.parent });
    const instructor = await makeUser(t, { role: Role.instructor });
    const theirs = await familyThreadOf(other);
    const room = (await conversationOf(instructor, 'staff_room')).id;
    const feedback = (await conversationOf(instructor, 'feedback')).id;
    const secret = await send(other, theirs, 'Our private note');
    for (const c of [theirs, room, feedback]) {
      expect(errorOf(await t.gql(MESSAGES, { c }, { token: parent.token }))).toEqual({
        code: 'NOT_FOUND',
        message: 'That conversation was not found.',
      });
      expect(errorOf(await t.gql(SEND, { c, b: 'hello' }, { token: parent.token }))).toEqual({
        code: 'NOT_FOUND',
        message: 'That conversation was not found.',
      });
    }
    expect(errorOf(await t.gql(EDIT, { m: secret.id, b: 'x' }, { token: parent.token }))).toEqual({
      code: 'NOT_FOUND',
      message: 'That message was not found.',
    });
    expect(errorOf(await t.gql(MESSAGES, { c: 'nope' }, { token: parent.token })).code).toBe('BAD_USER_INPUT');
    expect(fieldErrorOf(await t.gql(MESSAGES, { c: theirs, limit: 500 }, { token: other.token }))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { limit: 'Ask for at most 50 messages.' },
    });
  });

  it('history pages backwards with a cursor, oldest first within a page', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const family = await familyThreadOf(parent);
    for (const n of [1, 2, 3, 4, 5]) await send(parent, family, `message ${n}`);
    const first = (await t.gql(MESSAGES, { c: family, limit: 2 }, { token: parent.token })).data!.chatMessages;
    expect(first.items.map((m: any) => m.body)).toEqual(['message 4', 'message 5']);
    expect(first.hasOlder).toBe(true);
    const second = (await t.gql(MESSAGES, { c: family, limit: 2, before: first.olderCursor }, { token: parent.token })).data!.chatMessages;
    expect(second.items.map((m: any) => m.body)).toEqual(['message 2', 'message 3']);
    const last = (await t.gql(MESSAGES, { c: family, limit: 2, before: second.olderCursor }, { token: parent.token })).data!.chatMessages;
    expect(last).toMatchObject({ hasOlder: false, olderCursor: null });
    expect(last.items.map((m: any) => m.body)).toEqual(['message 1']);
  });

  it('own messages can be edited and deleted within 5 minutes; after that, or someone else’s, is refused', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const teacher = await makeUser(t, { role: Role.teacher });
    const family = await familyThreadOf(parent);
    const mine = await send(parent, family, 'See you at 5');
    const edited = await t.gql(EDIT, { m: mine.id, b: 'See you at 6' }, { token: parent.token });
    expect(edited.data!.editChatMessage).toEqual({ id: mine.id, body: 'See you at 6', editedAt: expect.any(String) });
    expect(errorOf(await t.gql(EDIT, { m: mine.id, b: 'hijack' }, { token: teacher.token }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only edit your own messages.',
    });
    expect(errorOf(await t.gql(DELETE, { m: mine.id }, { token: teacher.token }))).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only delete your own messages.',
    });
    const old = await send(parent, family, 'An old one');
    await em(t).nativeUpdate(ChatMessage, { id: old.id }, { createdAt: new Date(Date.now() - 6 * 60_000) });
    expect(errorOf(await t.gql(EDIT, { m: old.id, b: 'late' }, { token: parent.token }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Messages can only be edited within 5 minutes of sending.',
    });
    expect(errorOf(await t.gql(DELETE, { m: old.id }, { token: parent.token }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Messages can only be deleted within 5 minutes of sending.',
    });
    const deleted = (await t.gql(DELETE, { m: mine.id }, { token: parent.token })).data!.deleteChatMessage;
    expect(deleted).toMatchObject({ body: '', deletedAt: expect.any(String), deletedBy: { id: parent.user.id } });
  });

  it('an admin deletes any message, leaving a trace of who and when; the text is gone', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const admin = await makeUser(t, { role: Role.admin, firstName: 'Ada' });
    const family = await familyThreadOf(parent);
    const rude = await send(parent, family, 'Something rude');
    await em(t).nativeUpdate(ChatMessage, { id: rude.id }, { createdAt: new Date(Date.now() - 60 * 60_000) });
    const res = await t.gql(DELETE, { m: rude.id }, { token: admin.token });
    expect(res.data!.deleteChatMessage).toEqual({
      id: rude.id,
      body: '',
      deletedAt: expect.any(String),
      deletedBy: { id: admin.user.id, firstName: 'Ada' },
    });
    const seen = (await t.gql(MESSAGES, { c: family }, { token: parent.token })).data!.chatMessages.items;
    expect(seen).toEqual([expect.objectContaining({ id: rude.id, body: '', deletedBy: { id: admin.user.id } })]);
    expect((await em(t).findOneOrFail(ChatMessage, { id: rude.id })).body).toBe('');
    expect(errorOf(await t.gql(DELETE, { m: rude.id }, { token: admin.token }))).toEqual({
      code: 'NOT_FOUND',
      message: 'That message was not found.',
    });
  });

  it('search finds words (with English stemming) within one conversation only', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const other = await makeUser(t, { role: Role.parent });
    const family = await familyThreadOf(parent);
    await send(parent, family, 'Is the stretching class on Friday?');
    await send(parent, family, 'Thanks!');
    await send(other, await familyThreadOf(other), 'We love stretching too');
    const SEARCH = `query($c: ID!, $q: String!) { searchChat(conversationId: $c, query: $q) { body } }`;
    expect((await t.gql(SEARCH, { c: family, q: 'stretch' }, { token: parent.token })).data!.searchChat).toEqual([
      { body: 'Is the stretching class on Friday?' },
    ]);
    expect((await t.gql(SEARCH, { c: family, q: 'yoga' }, { token: parent.token })).data!.searchChat).toEqual([]);
    expect(fieldErrorOf(await t.gql(SEARCH, { c: family, q: ' ' }, { token: parent.token }))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { query: 'Type something to search for.' },
    });
  });
});

describe('rate limits', () => {
  it(`sending more than ${CHAT_MESSAGES_PER_MINUTE} messages or ${CHAT_TYPING_PER_MINUTE} typing notices a minute answers RATE_LIMITED with a clear message`, async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const family = await familyThreadOf(parent);
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i += 1) await send(parent, family, `Message ${i}`);
    const refused = await t.gql(SEND, { c: family, b: 'One too many' }, { token: parent.token });
    expect(errorOf(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^You are sending messages too quickly\. Please wait \d+ seconds? and try again\.$/),
    });
    expect(refused.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
    // Nothing was stored.
    const page = await t.gql(MESSAGES, { c: family, limit: 50 }, { token: parent.token });
    expect(page.data!.chatMessages.items.map((m: { body: string }) => m.body)).not.toContain('One too many');

    const TYPING = `mutation($c: ID!) { chatTyping(conversationId: $c) }`;
    for (let i = 0; i < CHAT_TYPING_PER_MINUTE; i += 1)
      expect((await t.gql(TYPING, { c: family }, { token: parent.token })).errors).toBeUndefined();
    expect(errorOf(await t.gql(TYPING, { c: family }, { token: parent.token }))).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many typing notices. Please slow down.',
    });
    // Another person's quota is their own.
    const instructor = await makeUser(t, { role: Role.instructor });
    expect((await t.gql(TYPING, { c: family }, { token: instructor.token })).errors).toBeUndefined();
    await send(instructor, family, 'Still fine');
  });
});

describe('unread counts and read receipts', () => {
  it('count others’ messages after your last read one; reading sends a receipt', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const instructor = await makeUser(t, { role: Role.instructor });
    const family = await familyThreadOf(parent);
    await send(instructor, family, 'One');
    const two = await send(instructor, family, 'Two');
    expect((await overview(parent)).totalUnread).toBe(2);
    expect((await t.gql(`{ staffChatUnread }`, {}, { token: parent.token })).data).toEqual({ staffChatUnread: 2 });
    const read = await t.gql(READ, { c: family, m: two.id }, { token: parent.token });
    expect(read.data!.markChatRead).toEqual({ lastReadMessageId: two.id, user: { id: parent.user.id } });
    expect((await overview(parent)).totalUnread).toBe(0);
    expect((await t.gql(`{ staffChatUnread }`, {}, { token: parent.token })).data).toEqual({ staffChatUnread: 0 });
    const receipts = await t.gql(
      `query($c: ID!) { chatReceipts(conversationId: $c) { user { id } lastReadMessageId } }`,
      { c: family },
      { token: instructor.token },
    );
    expect(receipts.data!.chatReceipts).toEqual(
      expect.arrayContaining([
        { user: { id: parent.user.id }, lastReadMessageId: two.id },
        { user: { id: instructor.user.id }, lastReadMessageId: two.id },
      ]),
    );
  });
});

describe('direct messages', () => {
  it('are between two staff members; an admin cannot read others’; parents cannot start one', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const teacher = await makeUser(t, { role: Role.teacher, firstName: 'Tess' });
    const admin = await makeUser(t, { role: Role.admin });
    const parent = await makeUser(t, { role: Role.parent });
    const START = `mutation($u: ID!) { startDirectChat(userId: $u) { id kind title otherUserId } }`;
    const dm = (await t.gql(START, { u: teacher.user.id }, { token: instructor.token })).data!.startDirectChat;
    expect(dm).toMatchObject({ kind: 'direct', title: `Tess ${teacher.user.lastName}`, otherUserId: teacher.user.id });
    expect((await t.gql(START, { u: instructor.user.id }, { token: teacher.token })).data!.startDirectChat.id).toBe(dm.id);
    await send(instructor, dm.id, 'Can you cover my Tuesday lyra?');
    expect((await conversationOf(teacher, 'direct')).unreadCount).toBe(1);
    expect(errorOf(await t.gql(MESSAGES, { c: dm.id }, { token: admin.token }))).toEqual({
      code: 'NOT_FOUND',
      message: 'That conversation was not found.',
    });
    expect(errorOf(await t.gql(START, { u: parent.user.id }, { token: instructor.token }))).toEqual({
      code: 'NOT_FOUND',
      message: 'That staff member was not found.',
    });
    expect(errorOf(await t.gql(START, { u: instructor.user.id }, { token: parent.token })).code).toBe('FORBIDDEN');
  });
});

describe('staff messaging a family', () => {
  const FAMILIES = `query($s: String) { chatFamilies(search: $s) { id firstName lastName conversationId } }`;
  const START = `mutation($p: ID!) { startFamilyChat(parentId: $p) { id kind title unreadCount } }`;

  it('staff find a family by name and open its thread before the parent has used the chat; opening it at once gives one thread', async () => {
    const parent = await makeUser(t, { role: Role.parent, firstName: 'Noor', lastName: 'Quillfeather' });
    const instructor = await makeUser(t, { role: Role.instructor });
    const teacher = await makeUser(t, { role: Role.teacher });
    const admin = await makeUser(t, { role: Role.admin });
    const found = await t.gql(FAMILIES, { s: 'noor quillfeath' }, { token: teacher.token });
    expect(found.errors).toBeUndefined();
    expect(found.data!.chatFamilies).toEqual([{ id: parent.user.id, firstName: 'Noor', lastName: 'Quillfeather', conversationId: null }]);
    // LIKE wildcards are searched as text.
    expect((await t.gql(FAMILIES, { s: 'quill%_' }, { token: teacher.token })).data!.chatFamilies).toEqual([]);

    const opened = await Promise.all(
      [instructor, teacher, admin, instructor].map((who) => t.gql(START, { p: parent.user.id }, { token: who.token })),
    );
    expect(opened.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined]);
    const ids = new Set(opened.map((r) => r.data!.startFamilyChat.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(opened[0].data!.startFamilyChat).toEqual({ id, kind: 'family', title: 'Noor Quillfeather (family)', unreadCount: 0 });
    expect((await t.gql(FAMILIES, { s: 'Quillfeather' }, { token: admin.token })).data!.chatFamilies[0].conversationId).toBe(id);

    await send(instructor, id, 'Hi Noor, a quick note about Saturday.');
    // The parent's first visit finds the same thread, with the message unread.
    expect((await overview(parent)).conversations).toEqual([expect.objectContaining({ id, title: 'Studio staff', unreadCount: 1 })]);
  });

  it('parents and members cannot list families or open a thread; only a parent has a family thread; input is checked', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const other = await makeUser(t, { role: Role.parent });
    const member = await makeUser(t);
    const instructor = await makeUser(t, { role: Role.instructor });
    for (const who of [parent, member]) {
      expect(errorOf(await t.gql(START, { p: other.user.id }, { token: who.token })).code).toBe('FORBIDDEN');
      expect(errorOf(await t.gql(FAMILIES, { s: other.user.lastName }, { token: who.token })).code).toBe('FORBIDDEN');
    }
    expect((await overview(other)).conversations).toHaveLength(1);
    for (const p of [instructor.user.id, member.user.id, '00000000-0000-4000-8000-000000000000'])
      expect(errorOf(await t.gql(START, { p }, { token: instructor.token }))).toEqual({
        code: 'NOT_FOUND',
        message: 'That family was not found.',
      });
    expect(errorOf(await t.gql(START, { p: 'not-an-id' }, { token: instructor.token })).code).toBe('BAD_USER_INPUT');
    expect(fieldErrorOf(await t.gql(FAMILIES, { s: 'x'.repeat(101) }, { token: instructor.token }))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { search: 'Search for at most 100 characters.' },
    });
  });
});

describe('live (graphql-ws)', () => {
  it('a parent subscribing to another family’s thread or the staff room is refused at once', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const other = await makeUser(t, { role: Role.parent });
    const instructor = await makeUser(t, { role: Role.instructor });
    const client = wsClient(t.url, parent.token);
    for (const id of [await familyThreadOf(other), (await conversationOf(instructor, 'staff_room')).id]) {
      const sub = collect(client, EVENTS(id));
      expect((await sub.next()).errors).toEqual([
        expect.objectContaining({
          message: 'That conversation was not found.',
          extensions: expect.objectContaining({ code: 'NOT_FOUND' }),
        }),
      ]);
    }
    await client.dispose();
  });

  it('messages, edits, deletes, typing and receipts reach the family and staff live; another family hears nothing', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const other = await makeUser(t, { role: Role.parent });
    const instructor = await makeUser(t, { role: Role.instructor, firstName: 'Ines' });
    const family = await familyThreadOf(parent);
    const [pc, ic, oc] = [wsClient(t.url, parent.token), wsClient(t.url, instructor.token), wsClient(t.url, other.token)];
    const parentSub = collect(pc, EVENTS(family));
    const staffSub = collect(ic, EVENTS(family));
    const otherSub = collect(oc, EVENTS(await familyThreadOf(other)));
    for (const s of [parentSub, staffSub, otherSub]) expect((await s.next()).data.chatEvents.kind).toBe('resync');

    await t.gql(`mutation($c: ID!) { chatTyping(conversationId: $c) }`, { c: family }, { token: instructor.token });
    expect((await parentSub.next()).data.chatEvents).toMatchObject({ kind: 'typing', user: { id: instructor.user.id, firstName: 'Ines' } });

    const hello = await send(instructor, family, '<b>Hello</b>');
    for (const s of [parentSub, staffSub])
      expect((await s.next()).data.chatEvents).toMatchObject({ kind: 'message_added', message: { id: hello.id, body: '<b>Hello</b>' } });

    await t.gql(READ, { c: family, m: hello.id }, { token: parent.token });
    for (const s of [parentSub, staffSub])
      expect((await s.next()).data.chatEvents).toMatchObject({
        kind: 'read',
        receipt: { user: { id: parent.user.id }, lastReadMessageId: hello.id },
      });

    await t.gql(EDIT, { m: hello.id, b: 'Hello!' }, { token: instructor.token });
    expect((await parentSub.next()).data.chatEvents).toMatchObject({ kind: 'message_edited', message: { body: 'Hello!' } });
    await t.gql(DELETE, { m: hello.id }, { token: instructor.token });
    expect((await parentSub.next()).data.chatEvents).toMatchObject({
      kind: 'message_deleted',
      message: { body: '', deletedAt: expect.any(String) },
    });

    await new Promise((r) => setTimeout(r, 300));
    expect(otherSub.results).toHaveLength(1);
    await Promise.all([pc.dispose(), ic.dispose(), oc.dispose()]);
  });

  it('members of one conversation share one read and one frame per visibility class; a deactivated or signed-out member stops at once', async () => {
    const live = () => t.app.server.live.stats();
    const parent = await makeUser(t, { role: Role.parent });
    const staff = await Promise.all([Role.admin, Role.instructor, Role.teacher, Role.instructor].map((role) => makeUser(t, { role })));
    const family = await familyThreadOf(parent);
    const clients = [parent, ...staff].map((who) => wsClient(t.url, who.token));
    const subs = clients.map((c) => collect(c, EVENTS(family)));
    for (const s of subs) expect((await s.next()).data.chatEvents.kind).toBe('resync');
    const before = live();
    const first = await send(parent, family, 'One read for all the staff');
    for (const s of subs) expect((await s.next()).data.chatEvents).toMatchObject({ kind: 'message_added', message: { id: first.id } });
    // One execution for the four staff members, one for the parent (a visibility class of their own).
    expect(live().executions - before.executions).toBe(2);

    // Typing: everyone but the typist hears it; the typist's scope is their own and reads nothing.
    const [, admin, instructor, teacher, other] = [parent, ...staff];
    await t.gql(`mutation($c: ID!) { chatTyping(conversationId: $c) }`, { c: family }, { token: teacher.token });
    for (const [i, s] of subs.entries())
      if (i !== 3) expect((await s.next()).data.chatEvents).toMatchObject({ kind: 'typing', user: { id: teacher.user.id } });

    // The admin is deactivated and the instructor signs out: their next event is UNAUTHENTICATED, then nothing.
    await em(t).nativeUpdate(User, { id: admin.user.id }, { isActive: false });
    expect((await t.gql(`mutation { logout }`, {}, { token: instructor.token })).errors).toBeUndefined();
    const second = await send(other, family, 'After the changes');
    const refused = await subs[1].next();
    expect(refused.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);
    expect(refused.data).toBeNull();
    // Signing out closes the session's sockets (4403): the client signs out.
    await eventually(async () => expect(subs[2].errors).toEqual([expect.objectContaining({ code: 4403 })]));
    for (const i of [0, 3, 4]) expect((await subs[i].next()).data.chatEvents).toMatchObject({ message: { id: second.id } });
    await send(parent, family, 'Third');
    for (const i of [0, 3, 4]) expect((await subs[i].next()).data.chatEvents.kind).toBe('message_added');
    await new Promise((r) => setTimeout(r, 200));
    expect(subs[1].results).toHaveLength(4); // resync, message, typing, refusal
    expect(subs[2].results).toHaveLength(3); // resync, message, typing
    await Promise.all(clients.map((c) => c.dispose()));
  });

  it('feedback is posted into the staff Feedback thread live, and the inbox counts it', async () => {
    const member = await makeUser(t);
    const teacher = await makeUser(t, { role: Role.teacher });
    const feedback = (await conversationOf(teacher, 'feedback')).id;
    const client = wsClient(t.url, teacher.token);
    const events = collect(client, EVENTS(feedback));
    const inbox = collect(client, `subscription { chatInbox { conversationId unreadCount totalUnread onlineStaffIds } }`);
    expect((await events.next()).data.chatEvents.kind).toBe('resync');
    const before = (await inbox.next()).data.chatInbox;
    expect(before.onlineStaffIds).toContain(teacher.user.id);
    const res = await call('POST', '/feedback', member.token, { message: 'Please add a Sunday silks class', category: 'feature' });
    expect(res.status).toBe(200);
    expect((await events.next()).data.chatEvents).toMatchObject({
      kind: 'message_added',
      message: { body: '[feature] Please add a Sunday silks class' },
    });
    await eventually(async () => {
      expect(inbox.results.at(-1).data.chatInbox).toMatchObject({ conversationId: feedback, totalUnread: before.totalUnread + 1 });
    });
    await client.dispose();
  });

  it('presence: a staff member with the chat open is online for others until they close it', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const instructor = await makeUser(t, { role: Role.instructor });
    const STAFF = `{ chatStaff { id online } }`;
    const onlineOf = async () =>
      ((await t.gql(STAFF, {}, { token: admin.token })).data!.chatStaff as { id: string; online: boolean }[]).find(
        (s) => s.id === instructor.user.id,
      )?.online;
    expect(await onlineOf()).toBe(false);
    const client = wsClient(t.url, instructor.token);
    const inbox = collect(client, `subscription { chatInbox { totalUnread onlineStaffIds } }`);
    await inbox.next();
    expect(await onlineOf()).toBe(true);
    await client.dispose();
    await eventually(async () => expect(await onlineOf()).toBe(false));
  });
});

describe('two API instances on one database', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await startTestApp({}, t.databaseUrl);
  });
  afterAll(() => b.close());

  it('a message sent on A reaches a subscriber on B; presence on B is seen from A', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const instructor = await makeUser(t, { role: Role.instructor });
    const admin = await makeUser(t, { role: Role.admin });
    const family = await familyThreadOf(parent);
    const onB = wsClient(b.url, parent.token);
    const sub = collect(onB, EVENTS(family));
    expect((await sub.next()).data.chatEvents.kind).toBe('resync');
    const sent = await send(instructor, family, 'Sent on A');
    expect((await sub.next()).data.chatEvents).toMatchObject({ kind: 'message_added', message: { id: sent.id, body: 'Sent on A' } });

    const staffOnB = wsClient(b.url, instructor.token);
    const inbox = collect(staffOnB, `subscription { chatInbox { onlineStaffIds } }`);
    await inbox.next();
    const online = await t.gql(`{ chatStaff { id online } }`, {}, { token: admin.token });
    expect(online.data!.chatStaff).toContainEqual({ id: instructor.user.id, online: true });
    await Promise.all([onB.dispose(), staffOnB.dispose()]);
  });
});
