import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { buildMove, em, makeUser, Role } from '../../../test/factories.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { Move } from './move.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An apparatus of its own, so one test's moves never meet another's. */
async function apparatus(): Promise<Apparatus> {
  const a = new Apparatus(`Rig ${randomBytes(4).toString('hex')}`, 50);
  await em(t).persistAndFlush(a);
  return a;
}

const REPORT = `dryRun created updated unchanged problems { line message } changes { line outcome summary }`;
const IMPORT_MOVES = `mutation($csv: String!, $d: Boolean!) { importMoves(csv: $csv, dryRun: $d) { ${REPORT} } }`;
const IMPORT_PLACEMENTS = `mutation($csv: String!, $d: Boolean!) { importMovePlacements(csv: $csv, dryRun: $d) { ${REPORT} } }`;

describe('the CSV import reports', () => {
  it('need an admin', async () => {
    const res = await t.gql(IMPORT_MOVES, { csv: 'apparatus,move,level\n', d: true });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('name each move a dry run would add or change, with its line and what changes', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const a = await apparatus();
    await buildMove(t, { apparatus: a, name: 'Gazelle', level: 1 });
    await buildMove(t, { apparatus: a, name: 'Star', level: 2, aliases: ['Starfish'] });
    const csv = `apparatus,move,level,aliases\n${a.name},Gazelle,2,Deer\n${a.name},Star,2,Starfish\n${a.name},Mermaid,1,\nNowhere,Ghost,1,\n`;
    const dry = (await t.gql(IMPORT_MOVES, { csv, d: true }, { token: admin.token })).data?.importMoves;
    expect(dry).toEqual({
      dryRun: true,
      created: 1,
      updated: 1,
      unchanged: 1,
      problems: [{ line: 5, message: 'No apparatus called "Nowhere".' }],
      changes: [
        { line: 2, outcome: 'updated', summary: `${a.name}: Gazelle (level 1 → 2), changed: level, aliases` },
        { line: 4, outcome: 'created', summary: `${a.name}: Mermaid, level 1` },
      ],
    });
    expect(await em(t).count(Move, { apparatus: a.id })).toBe(2);
    const done = (await t.gql(IMPORT_MOVES, { csv, d: false }, { token: admin.token })).data?.importMoves;
    expect(done).toMatchObject({ dryRun: false, created: 1, updated: 1, changes: dry.changes });
    expect((await em(t).findOneOrFail(Move, { apparatus: a.id, name: 'Gazelle' })).level).toBe(2);
  });

  it('name each placement and sign-off of a level sheet, by the member as the file names them', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const a = await apparatus();
    await buildMove(t, { apparatus: a, name: 'Crochet Legs', aliases: ['Crochet'], hasSides: true });
    const student = await makeUser(t, { signed: true });
    const csv = `username,apparatus,level,signed_off\n${student.username},${a.name},2,Crochet\n`;
    const dry = (await t.gql(IMPORT_PLACEMENTS, { csv, d: true }, { token: admin.token })).data?.importMovePlacements;
    expect(dry.changes).toEqual([
      { line: 2, outcome: 'created', summary: `${student.username}: placed at ${a.name} level 2` },
      { line: 2, outcome: 'updated', summary: `${student.username}: Crochet Legs (left) signed off` },
      { line: 2, outcome: 'updated', summary: `${student.username}: Crochet Legs (right) signed off` },
    ]);
  });
});
