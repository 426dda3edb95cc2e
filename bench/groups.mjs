// Groups at 100,000 members: a rule group matching every active account (count and the first page of its members,
// the users table filtered by it), a combined rule, a manual group of 100,000, and reading a group's member ids to
// the end (what email will do), each against `me` in the same run. Budget: a rule group of 100,000 resolved (count +
// first page) at p50 <= 50 ms. The API runs in this process so its services can be called directly.
import { performance } from 'node:perf_hooks';
import { insertPeople } from './people.mjs';
import { signedInGql, startInProcessApp, statementRecorder, timeOneAtATime } from './harness.mjs';

// One in 40 inserted accounts is deactivated: this many leaves 100,000 active members.
const PEOPLE = 102_565;
const TIMED = 200;
const CREATE = `mutation($input: GroupInput!) { createGroup(input: $input) { id } }`;
const GROUP = `query($id: ID!) { group(id: $id) { id name memberCount memberCountIsEstimate } }`;
const MEMBERS = `query($id: ID!) { group(id: $id) { memberCount memberCountIsEstimate }
  users(group: $id, pageSize: 25) { total totalIsEstimate endCursor hasNextPage items { id firstName lastName username email role lastVisitAt } } }`;

export async function benchGroups() {
  const { app, graphqlUrl: url, stop } = await startInProcessApp();
  const connection = app.services.orm.em.getDriver().getConnection();
  const sql = (text, params = []) => connection.execute(text, params);
  await insertPeople(sql, PEOPLE);
  const gql = await signedInGql(url);
  const create = async (input) => (await gql(CREATE, { input })).createGroup.id;

  const everyone = await create({ name: 'Everyone 12 and over', rule: { minAge: 12 } });
  const combined = await create({ name: 'Lapsed students', rule: { roles: ['student'], notVisitedForDays: 60, waiverMissing: true } });
  const manual = await create({ name: 'Everyone, by hand' });
  let start = performance.now();
  const added = (await gql(`mutation($g: ID!) { addToGroup(groupId: $g, allMatching: true) { matched changed } }`, { g: manual }))
    .addToGroup;
  const addMs = Math.round(performance.now() - start);
  await sql('analyze group_member');
  const [{ exact }] = await sql(
    `select count(*)::int as exact from app_user where username is not null and is_active and removed_at is null`,
  );

  const cases = [
    ['baseline: `me` (the floor: a signed-in GraphQL request)', `query { me { id username role } }`, {}],
    ['rule group (age 12+): memberCount', GROUP, { id: everyone }],
    ['rule group (age 12+): count + first page of members', MEMBERS, { id: everyone }],
    ['combined rule (student, not since 60 days, no waiver): count + first page', MEMBERS, { id: combined }],
    ['manual group of 100,000: count + first page', MEMBERS, { id: manual }],
  ];
  const recorder = statementRecorder(app);
  const rows = {};
  for (const [name, query, variables] of cases) {
    for (let i = 0; i < 20; i += 1) await gql(query, variables);
    let sample;
    const seen = await recorder.record(async () => (sample = await gql(query, variables)));
    const { p50, p95 } = await timeOneAtATime(() => gql(query, variables), TIMED);
    const count =
      sample.group ?? (sample.users ? { memberCount: sample.users.total, memberCountIsEstimate: sample.users.totalIsEstimate } : null);
    rows[name] = {
      'p50 ms': p50,
      'p95 ms': p95,
      'SQL statements': seen.length,
      rows: sample.users?.items.length ?? '',
      members: count ? `${count.memberCountIsEstimate ? 'about ' : ''}${count.memberCount}` : '',
    };
  }
  recorder.restore();

  // Every member id of the 100,000, a page of 1,000 at a time, as the email module will read them.
  start = performance.now();
  let ids = 0;
  for await (const page of app.services.groups.memberIds(app.services.orm.em.fork(), everyone)) ids += page.length;
  const streamMs = Math.round(performance.now() - start);

  console.log(
    `\nGroups at ${exact.toLocaleString('en-US')} active members, one request at a time (budget: a rule group of 100,000, count + first page, p50 <= 50 ms)`,
  );
  console.table(rows);
  console.log(`addToGroup all matching: ${added.changed.toLocaleString('en-US')} added in ${addMs} ms (one statement)`);
  console.log(`memberIds of the rule group: ${ids.toLocaleString('en-US')} ids in ${streamMs} ms (pages of 1,000)`);
  await stop();
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchGroups().then(() => process.exit(0));
