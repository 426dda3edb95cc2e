import net from 'node:net';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeApiKey, makeClass, makeUser, Role } from '../../../test/factories.js';
import { collect, wsClient } from '../../../test/ws.js';
import { newApiKey, parseApiKey } from './api-key-format.js';

/**
 * Two API processes on one database, as behind a load balancer: a key revoked on one is refused by the other at
 * once, and both draw from the same bucket. Small buckets (60 points, 2 a second) so a test can empty one.
 */
const BUCKET = { API_KEY_BUCKET_POINTS: '60', API_KEY_RESTORE_RATE: '2' };
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp(BUCKET);
  b = await startTestApp(BUCKET, a.databaseUrl);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const GROUPS = `query { groups { id name } }`;
const CREATE_KEY = `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id name prefix scopes trustedDocumentCount revokedAt } } }`;

async function post(t: TestApp, query: string, variables: Record<string, unknown>, key: string) {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors?: any[]; extensions?: any } };
}

describe('managing keys', () => {
  it('is for admins only', async () => {
    expect((await a.gql(`{ apiKeys { id } }`)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
      const person = await makeUser(a, { role });
      const res = await a.gql(CREATE_KEY, { input: { name: 'Sneaky', scopes: ['members:read'] } }, { token: person.token });
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('shows the key once, stores only its hash, and lists it', async () => {
    const admin = await makeUser(a, { role: Role.admin });
    const made = await a.gql(
      CREATE_KEY,
      { input: { name: ' Acme Sync ', scopes: ['schedule:read', 'schedule:read'] } },
      { token: admin.token },
    );
    expect(made.errors).toBeUndefined();
    const { secret, apiKey } = made.data!.createApiKey;
    expect(secret).toMatch(/^studio_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    expect(parseApiKey(secret)).not.toBeNull();
    expect(apiKey).toMatchObject({ name: 'Acme Sync', prefix: secret.slice(0, 15), scopes: ['schedule:read'], trustedDocumentCount: 0 });
    const [row] = await em(a).getConnection().execute(`select * from api_key where id = ?`, [apiKey.id]);
    expect(JSON.stringify(row)).not.toContain(secret.slice(15));
    const list = await a.gql(`{ apiKeys { id name prefix lastUsedAt lastUsedIp } }`, {}, { token: admin.token });
    expect(list.data!.apiKeys).toContainEqual({
      id: apiKey.id,
      name: 'Acme Sync',
      prefix: apiKey.prefix,
      lastUsedAt: null,
      lastUsedIp: null,
    });
    // The integration user is no person: not in the users table, and cannot sign in.
    const users = await a.gql(`{ users(search: "Acme") { total } }`, {}, { token: admin.token });
    expect(users.data!.users.total).toBe(0);
  });

  it('refuses bad input with 400s', async () => {
    const admin = await makeUser(a, { role: Role.admin });
    for (const input of [
      { name: '', scopes: ['schedule:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['everything'] },
      { name: 'x\u0000', scopes: ['schedule:read'] },
      { name: 'x', scopes: ['schedule:read'], expiresAt: new Date(Date.now() - 1000).toISOString() },
      { name: 'x'.repeat(81), scopes: ['schedule:read'] },
    ]) {
      const res = await a.gql(CREATE_KEY, { input }, { token: admin.token });
      expect([res.status, res.errors?.[0].extensions?.code]).toEqual([expect.any(Number), 'BAD_USER_INPUT']);
      expect(res.status).toBeLessThan(500);
    }
    expect(
      (await a.gql(`mutation { revokeApiKey(id: "${crypto.randomUUID()}") { id } }`, {}, { token: admin.token })).errors?.[0].extensions
        ?.code,
    ).toBe('NOT_FOUND');
  });

  it('keeps the keys an account made when it is merged into another', async () => {
    const admin = await makeUser(a, { role: Role.admin });
    const kept = await makeUser(a, { role: Role.instructor });
    const dup = await makeUser(a, { role: Role.instructor });
    const { apiKey } = await a.app.services.apikeys.create(em(a), dup.user, { name: 'Made by a duplicate', scopes: ['schedule:read'] });
    const merged = await a.gql(
      `mutation($k: ID!, $m: ID!) { mergeMembers(keptId: $k, mergedId: $m) { total } }`,
      { k: kept.user.id, m: dup.user.id },
      { token: admin.token },
    );
    expect(merged.errors).toBeUndefined();
    const [row] = await em(a).getConnection().execute(`select created_by_id from api_key where id = ?`, [apiKey.id]);
    expect(row.created_by_id).toBe(kept.user.id);
  });

  it('is never managed with a key', async () => {
    const key = await makeApiKey(a, ['studio:write', 'members:write']);
    const res = await post(a, `{ apiKeys { id } }`, {}, key.secret);
    expect([res.status, res.body.errors?.[0].extensions?.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('a request with a key', () => {
  it('acts within its scopes only', async () => {
    const key = await makeApiKey(a, ['schedule:read']);
    const ok = await post(a, `{ classSchedule(from: "2030-01-01", to: "2030-01-07") { id } }`, {}, key.secret);
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toBeUndefined();
    const refused = await post(a, GROUPS, {}, key.secret);
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', missingScopes: ['members:read'] });
    // A mutation needs the write scope, even next to a field it may read.
    const write = await post(a, `mutation { createGroup(input: { name: "Nope" }) { id } }`, {}, key.secret);
    expect(write.status).toBe(403);
    expect(await em(a).getConnection().execute(`select 1 from member_group where name = 'Nope'`)).toHaveLength(0);
    // Inside a fragment on the root type too.
    const fragment = await post(a, `query { ...F } fragment F on Query { groups { id } }`, {}, key.secret);
    expect(fragment.status).toBe(403);
  });

  it('needs members:pii for email, phone and birthday', async () => {
    const member = await makeUser(a);
    const reader = await makeApiKey(a, ['members:read']);
    const names = await post(a, `query($id: ID!) { user(id: $id) { firstName lastName } }`, { id: member.user.id }, reader.secret);
    expect(names.body.errors).toBeUndefined();
    expect(names.body.data.user.firstName).toBe(member.user.firstName);
    for (const field of ['email', 'phone', 'birthday']) {
      const res = await post(a, `query($id: ID!) { user(id: $id) { firstName ${field} } }`, { id: member.user.id }, reader.secret);
      expect([res.status, res.body.errors?.[0].extensions?.missingScopes]).toEqual([403, ['members:pii']]);
    }
    // A search that matches parts of emails and phones would reveal them: refused; paging through names is not.
    const search = await post(a, `query($s: String) { users(search: $s) { total } }`, { s: 'example.test' }, reader.secret);
    expect([search.status, search.body.errors?.[0].extensions?.missingScopes]).toEqual([403, ['members:pii']]);
    expect((await post(a, `{ users(pageSize: 5) { items { firstName } endCursor } }`, {}, reader.secret)).body.errors).toBeUndefined();
    // An export whose text carries them, too.
    const csv = await post(a, `{ usersCsv }`, {}, reader.secret);
    expect([csv.status, csv.body.errors?.[0].extensions?.missingScopes]).toEqual([403, ['members:pii']]);
    const pii = await makeApiKey(a, ['members:read', 'members:pii']);
    // With it the export passes the scopes and meets the bucket: rendering a document costs 600, more than this test's 60.
    expect((await post(a, `{ usersCsv }`, {}, pii.secret)).body.errors?.[0].message).toMatch(/more than an API key's bucket holds/);
    const res = await post(a, `query($id: ID!) { user(id: $id) { email birthday } }`, { id: member.user.id }, pii.secret);
    expect(res.body.data.user.email).toBe(member.user.email);
    // People are unaffected.
    const admin = await makeUser(a, { role: Role.admin });
    expect(
      (await a.gql(`query($id: ID!) { user(id: $id) { email } }`, { id: member.user.id }, { token: admin.token })).data!.user.email,
    ).toBe(member.user.email);
  });

  it('needs members:pii to sort people by email, birthday or age, or to select them by a search', async () => {
    const reader = await makeApiKey(a, ['members:read', 'members:write']);
    const status = async (query: string, variables: Record<string, unknown> = {}, key = reader.secret) => {
      const res = await post(a, query, variables, key);
      return [res.status, res.body.errors?.[0].extensions?.missingScopes ?? null];
    };
    const refused = [403, ['members:pii']];
    // Every list that sorts by a personal column, as a literal and as a variable.
    for (const sort of ['email', 'birthday']) {
      expect([sort, await status(`{ users(sortField: ${sort}) { items { id } } }`)]).toEqual([sort, refused]);
      expect([sort, await status(`query($s: UserSortField!) { users(sortField: $s) { items { id } } }`, { s: sort })]).toEqual([
        sort,
        refused,
      ]);
    }
    expect(await status(`{ adminStudents(sortField: age) { items { user { id } } } }`)).toEqual(refused);
    expect(await status(`query($s: StudentSortField!) { adminStudents(sortField: $s) { items { user { id } } } }`, { s: 'age' })).toEqual(
      refused,
    );
    // Selections by a search (which matches emails and phones), for the bulk actions too.
    const group = (await post(a, `mutation { createGroup(input: { name: "Pii ${reader.id}" }) { id } }`, {}, reader.secret)).body.data
      .createGroup.id;
    expect(
      await status(`mutation($g: ID!) { addToGroup(groupId: $g, allMatching: true, search: "example.test") { changed } }`, { g: group }),
    ).toEqual(refused);
    expect(await status(`mutation { deactivateUsers(allMatching: true, search: "example.test") { matched } }`)).toEqual(refused);
    // The other orders are open, and with the scope the personal ones too.
    expect(await status(`{ users(sortField: lastName) { items { id } } }`)).toEqual([200, null]);
    expect(await status(`query($s: StudentSortField!) { adminStudents(sortField: $s) { items { user { id } } } }`, { s: 'name' })).toEqual([
      200,
      null,
    ]);
    const pii = await makeApiKey(a, ['members:read', 'members:pii']);
    expect(await status(`{ users(sortField: birthday) { items { id } } }`, {}, pii.secret)).toEqual([200, null]);
    expect(await status(`{ adminStudents(sortField: age) { items { user { id } } } }`, {}, pii.secret)).toEqual([200, null]);
    // And over the WebSocket.
    const client = wsClient(a.url, reader.secret);
    const ws = await collect(client, `{ users(sortField: email) { items { id } } }`).next();
    expect(ws[0].extensions).toMatchObject({ code: 'FORBIDDEN', missingScopes: ['members:pii'] });
    await client.dispose();
  });

  it('works on the REST facade too, with its limits and refusals', async () => {
    // The shop cart: 2 + 1.5 × (2 + 2 + 1.5 × 4) = 17 points.
    const get = (key: string) => fetch(`${a.url}/api/cart-items`, { headers: { authorization: `Bearer ${key}` } });
    const key = await makeApiKey(a, ['commerce:read']);
    const ok = await get(key.secret);
    expect([ok.status, ok.status === 200 ? '' : await ok.text()]).toEqual([200, '']);
    expect(ok.headers.get('ratelimit-policy')).toBe('"cost";q=60;w=30');
    expect(ok.headers.get('ratelimit')).toMatch(/^"cost";r=\d+;t=\d+$/);
    expect((await get((await makeApiKey(a, ['schedule:read'])).secret)).status).toBe(403);
    expect((await get(newApiKey().key)).status).toBe(401);
  });

  it('may introspect', async () => {
    const key = await makeApiKey(a, ['schedule:read']);
    const res = await post(a, `{ __schema { queryType { name } } }`, {}, key.secret);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('books a member as the named integration, recording last use', async () => {
    const member = await makeUser(a, { signed: true });
    const cls = await makeClass(a);
    const key = await makeApiKey(a, ['bookings:write', 'bookings:read'], { name: 'Acme Bookings' });
    const res = await post(
      a,
      `mutation($a: ID!, $c: ID!) { staffBookAttendee(attendeeId: $a, classInstanceId: $c) { id bookedBy { name } } }`,
      { a: member.user.id, c: cls.id },
      key.secret,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.staffBookAttendee.bookedBy.name).toContain('Acme Bookings');
    const [row] = await em(a).getConnection().execute(`select last_used_at, last_used_ip from api_key where id = ?`, [key.id]);
    expect(row.last_used_at).not.toBeNull();
    expect(row.last_used_ip).toBe('127.0.0.1');
  });

  it('refuses malformed keys, bad checksums and unknown keys with 401, never a 5xx', async () => {
    const real = newApiKey().key;
    const badChecksum = real.slice(0, -1) + (real.endsWith('0') ? '1' : '0');
    for (const token of ['studio_', 'studio_abc', badChecksum, real, `studio_${'x'.repeat(5000)}`, 'studio_é_ü']) {
      const res = await post(a, `{ classSchedule(from: "2030-01-01", to: "2030-01-02") { id } }`, {}, token);
      expect([token.slice(0, 20), res.status, res.body.errors?.[0].extensions?.code]).toEqual([token.slice(0, 20), 401, 'UNAUTHENTICATED']);
    }
    // A NUL byte in the header never reaches the API: Node's parser answers 400.
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(a.url).port), '127.0.0.1', () =>
        socket.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer studio_\u0000abc\r\nContent-Length: 2\r\n\r\n{}`),
      );
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    // And over WebSocket (connection parameters are JSON, so a NUL can arrive): refused like a stale token.
    const client = wsClient(a.url, `studio_\u0000${'a'.repeat(31)}_000000`);
    const sub = collect(client, `subscription { spotsChanged { classInstanceId } }`);
    expect(((await sub.next()) as { code?: number }).code).toBe(4403);
    await client.dispose();
  });

  it('limited to trusted documents refuses any other', async () => {
    const allowed = `query Week { classSchedule(from: "2030-01-01", to: "2030-01-07") { id } }`;
    const admin = await makeUser(a, { role: Role.admin });
    const made = await a.gql(
      CREATE_KEY,
      { input: { name: 'Kiosk app', scopes: ['schedule:read'], trustedDocuments: [allowed] } },
      { token: admin.token },
    );
    expect(made.data!.createApiKey.apiKey.trustedDocumentCount).toBe(1);
    const key = made.data!.createApiKey.secret;
    expect((await post(a, allowed, {}, key)).body.errors).toBeUndefined();
    const other = await post(a, allowed.replace('id', 'id startsAt'), {}, key);
    expect([other.status, other.body.errors?.[0].extensions?.code]).toEqual([403, 'FORBIDDEN']);
    expect(other.body.errors?.[0].message).toMatch(/only the documents registered/);
  });
});

describe('revoking and expiry', () => {
  it('a revoked key is refused at once on the other instance, and its sockets close', async () => {
    const admin = await makeUser(a, { role: Role.admin });
    const key = await makeApiKey(b, ['bookings:read']);
    expect((await post(b, `{ myBookings { id } }`, {}, key.secret)).status).toBe(200);
    const client = wsClient(b.url, key.secret);
    const sub = collect(client, `subscription { spotsChanged { classInstanceId } }`);
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.errors).toEqual([]);
    const revoked = await a.gql(`mutation($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }`, { id: key.id }, { token: admin.token });
    expect(revoked.data!.revokeApiKey.revokedAt).not.toBeNull();
    const res = await post(b, `{ myBookings { id } }`, {}, key.secret);
    expect([res.status, res.body.errors?.[0].extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(((await sub.next()) as { code?: number }).code).toBe(4403);
    await client.dispose();
    // A new socket is refused too.
    const again = wsClient(a.url, key.secret);
    expect(((await collect(again, `subscription { spotsChanged { classInstanceId } }`).next()) as { code?: number }).code).toBe(4403);
    await again.dispose();
  });

  it('an expired key is refused at once, on both instances', async () => {
    const key = await makeApiKey(a, ['bookings:read'], { expiresAt: new Date(Date.now() + 60_000) });
    expect((await post(b, `{ myBookings { id } }`, {}, key.secret)).status).toBe(200);
    await em(a).getConnection().execute(`update api_key set expires_at = now() - interval '1 second' where id = ?`, [key.id]);
    for (const t of [a, b]) expect((await post(t, `{ myBookings { id } }`, {}, key.secret)).status).toBe(401);
  });
});

describe('the cost bucket', () => {
  const bucketRow = async (id: string) =>
    (await em(a).getConnection().execute(`select bucket_points, extract(epoch from bucket_at) as at from api_key where id = ?`, [id]))[0];

  it('reports every charge, and the charge is what it reports', async () => {
    const key = await makeApiKey(a, ['members:read']);
    const res = await post(a, GROUPS, {}, key.secret);
    expect(res.status).toBe(200);
    const { cost } = res.body.extensions;
    expect(cost).toEqual({
      requestedQueryCost: 5,
      actualQueryCost: 5,
      throttleStatus: { maximumAvailable: 60, currentlyAvailable: 55, restoreRate: 2 },
    });
    expect(res.headers.get('ratelimit-policy')).toBe('"cost";q=60;w=30');
    expect(res.headers.get('ratelimit')).toBe('"cost";r=55;t=3');
    // The next request on the other instance: the bucket fell by exactly the cost it reports, less what refilled.
    const before = await bucketRow(key.id);
    const next = await post(b, `query { groups { id name description } }`, {}, key.secret);
    const after = await bucketRow(key.id);
    const refilled = (Number(after.at) - Number(before.at)) * 2;
    expect(next.body.extensions.cost.actualQueryCost).toBe(7); // 2 + 1.5 × 3 → 6.5, charged whole
    expect(Number(after.bucket_points)).toBeCloseTo(Math.min(60, Number(before.bucket_points) + refilled) - 7, 3);
    // People's answers carry none of it.
    const admin = await makeUser(a, { role: Role.admin });
    const person = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ query: GROUPS }),
    });
    expect(person.headers.get('ratelimit')).toBeNull();
    expect(((await person.json()) as { extensions?: unknown }).extensions).toBeUndefined();
  });

  it('empties across both instances, refuses with 429 and Retry-After having run nothing, and refills', async () => {
    const key = await makeApiKey(a, ['members:read', 'members:write']);
    const create = (t: TestApp, name: string) =>
      post(t, `mutation($n: String!) { createGroup(input: { name: $n }) { id } }`, { n: name }, key.secret);
    let made = 0;
    let refused: Awaited<ReturnType<typeof post>> | null = null;
    for (let i = 0; i < 30 && !refused; i++) {
      const res = await create(i % 2 ? a : b, `Bucket ${key.id} ${i}`);
      if (res.status === 429) refused = res;
      else {
        expect(res.body.errors).toBeUndefined();
        made += 1;
      }
    }
    // 60 points at 4 a request (2 + 1.5 × 1, charged whole): about 15 (plus what refilled meanwhile), drawn alternately from the two instances.
    expect(made).toBeGreaterThanOrEqual(15);
    expect(made).toBeLessThan(22);
    expect(refused!.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(refused!.body.data).toBeUndefined();
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3);
    expect(refused!.body.extensions.cost).toMatchObject({ requestedQueryCost: 4, actualQueryCost: 0 });
    const groups = await em(a)
      .getConnection()
      .execute(`select count(*)::int as n from member_group where name like ?`, [`Bucket ${key.id}%`]);
    expect(groups[0].n).toBe(made); // the refused mutation did not run
    await new Promise((r) => setTimeout(r, retryAfter * 1000));
    const later = await create(b, `Bucket ${key.id} later`);
    expect(later.status).toBe(200);
    expect(later.body.errors).toBeUndefined();
  });

  it('refuses a request costing more than a full bucket with 400', async () => {
    const key = await makeApiKey(a, ['schedule:read']);
    const res = await post(a, `{ classSchedule(from: "2030-01-01", to: "2030-03-01") { id startsAt endsAt capacity } }`, {}, key.secret);
    expect([res.status, res.body.errors?.[0].extensions?.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('over the WebSocket too: each answer says what it cost, drawn from the same bucket', async () => {
    const key = await makeApiKey(a, ['members:read', 'bookings:read']);
    const client = wsClient(a.url, key.secret);
    // A query over the socket: charged like over HTTP, and its answer says so.
    const answer = await collect(client, GROUPS).next();
    expect(answer.extensions.cost).toEqual({
      requestedQueryCost: 5,
      actualQueryCost: 5,
      throttleStatus: { maximumAvailable: 60, currentlyAvailable: 55, restoreRate: 2 },
    });
    // The next request over HTTP on the other instance finds the bucket the socket drew from.
    const http = await post(b, GROUPS, {}, key.secret);
    expect(http.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThanOrEqual(51);
    expect(http.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(49);
    // A subscription's first event carries the charge of its start; later events carry none.
    const cls = await makeClass(a);
    const sub = collect(client, `subscription { spotsChanged(classInstanceIds: ["${cls.id}"]) { classInstanceId spotsLeft } }`);
    await new Promise((r) => setTimeout(r, 300));
    const admin = await makeUser(a, { role: Role.admin });
    for (const n of [1, 2]) {
      const member = await makeUser(a, { signed: true });
      const booked = await a.gql(
        `mutation($a: ID!, $c: ID!) { staffBookAttendee(attendeeId: $a, classInstanceId: $c) { id } }`,
        {
          a: member.user.id,
          c: cls.id,
        },
        { token: admin.token },
      );
      expect([n, booked.errors]).toEqual([n, undefined]);
    }
    const first = await sub.next();
    expect(first.data.spotsChanged).toEqual({ classInstanceId: cls.id, spotsLeft: 9 });
    expect(first.extensions.cost).toMatchObject({ requestedQueryCost: expect.any(Number), throttleStatus: { maximumAvailable: 60 } });
    expect(first.extensions.cost.actualQueryCost).toBe(first.extensions.cost.requestedQueryCost);
    const second = await sub.next();
    expect([second.data.spotsChanged.spotsLeft, second.extensions]).toEqual([8, undefined]);
    sub.stop();
    // Empty the bucket over HTTP: a refusal over the socket carries the cost in its error.
    await em(a).getConnection().execute(`update api_key set bucket_points = 0, bucket_at = now() where id = ?`, [key.id]);
    const refused = await collect(client, GROUPS).next();
    expect(refused[0].extensions).toMatchObject({ code: 'RATE_LIMITED', cost: { requestedQueryCost: 5, actualQueryCost: 0 } });
    await client.dispose();
  });

  it('charges a subscription once, when it starts, and checks its scope', async () => {
    const noScope = await makeApiKey(a, ['members:read']);
    const refusedClient = wsClient(a.url, noScope.secret);
    const refused = await collect(refusedClient, `subscription { spotsChanged { classInstanceId } }`).next();
    expect(JSON.stringify(refused)).toMatch(/bookings:read/);
    await refusedClient.dispose();
    const key = await makeApiKey(a, ['bookings:read']);
    const client = wsClient(a.url, key.secret);
    const sub = collect(client, `subscription { spotsChanged { classInstanceId } }`);
    await new Promise((r) => setTimeout(r, 400));
    expect(sub.errors).toEqual([]);
    expect(Number((await bucketRow(key.id)).bucket_points)).toBeLessThan(60);
    sub.stop();
    await client.dispose();
  });
});
