// My Moves (`studentMoves`, the /moves page's query) for a student with 300 moves across apparatus, against the
// `me` query, same run, same token. Budget: p50 within 2x of `me`'s (the statement count, at most 3, is checked by
// the API tests). Under load a p50 follows a request's cost, so the floor is measured too: graphql-js alone
// executing the finished answer (the emitted schema, default resolvers, no SQL, no HTTP) and serialising it, against
// the whole cost of one `me` request (1 / its requests per second).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSchema, execute, parse } from 'graphql';
import { load, report, root, startBenchApp } from './harness.mjs';

const MOVES = 300;
const MAX_P50_RATIO = 2;
const MY_MOVES = `{ studentMoves { studentId studentName apparatus { apparatus { id name } level
  nextLevel { number name required signedOff } learnNext progress { at signedOff level }
  moves { state refresh cleanDays cleanReps signedOffAt prerequisitesMet signOffRequested sides { side state daysCleared }
    move { id name level aliases hasSides safetyNotes } } }
  history { id moveName apparatusName kind side fromState toState cleanReps note byName at } } }`;

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** Milliseconds graphql-js takes to execute `query` over an answer already in memory and serialise it. */
function executionFloorMs(query, answer, runs = 300) {
  const schema = buildSchema(readFileSync(path.join(root, 'schema/schema.graphql'), 'utf8'));
  const document = parse(query);
  const once = () => JSON.stringify(execute({ schema, document, rootValue: answer }));
  for (let i = 0; i < 30; i += 1) once();
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) once();
  return (performance.now() - started) / runs;
}

export async function benchMoves({ rounds = 3, duration = 5 } = {}) {
  const bench = await startBenchApp();
  const login = async (username) =>
    (await bench.gql(`mutation($u: String!) { login(username: $u, password: "aerial-demo") { token } }`, { u: username })).data.login.token;
  const admin = await login('admin');
  const token = await login('student');

  // The demo catalogue, topped up to 300 moves spread over every apparatus.
  const { moveCatalogue } = (await bench.gql(`{ moveCatalogue { apparatus { id } moves { id } } }`, {}, admin)).data;
  const have = moveCatalogue.reduce((n, c) => n + c.moves.length, 0);
  for (let i = have; i < MOVES; i += 1) {
    const apparatusId = moveCatalogue[i % moveCatalogue.length].apparatus.id;
    const saved = await bench.gql(
      `mutation($input: MoveInput!) { saveMove(input: $input) { id } }`,
      { input: { apparatusId, name: `Bench move ${i}`, level: 1 + (i % 5) } },
      admin,
    );
    if (!saved.data) throw new Error(JSON.stringify(saved.errors));
  }
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const target = (query) => ({ url: `${bench.url}/graphql`, method: 'POST', headers, body: JSON.stringify({ query }) });
  const moves = target(MY_MOVES);
  const me = target('{ me { id username role } }');
  const check = await (await fetch(moves.url, moves)).json();
  const count = check.data.studentMoves.apparatus.reduce((n, a) => n + a.moves.length, 0);
  if (count < MOVES) throw new Error(`My Moves shows ${count} moves, not ${MOVES}`);

  await load({ ...moves, duration: 3 }); // warm-up
  await load({ ...me, duration: 2 });
  const rows = [];
  const ratios = [];
  for (let i = 1; i <= rounds; i += 1) {
    const a = await load({ ...moves, duration });
    const b = await load({ ...me, duration });
    rows.push([`studentMoves #${i}`, a], [`me #${i}`, b]);
    ratios.push(a.p50 / Math.max(b.p50, 0.001));
  }
  report(`My Moves (${count} moves) vs \`me\`, same token, same run`, rows);
  const ratio = median(ratios);
  console.log(
    `p50 ratio (median of ${rounds}): ${ratio.toFixed(2)}x \`me\`'s (rounds ${ratios.map((r) => `${r.toFixed(2)}x`).join(', ')}; ` +
      `budget <= ${MAX_P50_RATIO}x)`,
  );
  const floorMs = executionFloorMs(MY_MOVES, check.data);
  const meCostMs = 1000 / median(rows.filter(([name]) => name.startsWith('me')).map(([, r]) => r.rps));
  const floor = floorMs / meCostMs;
  console.log(
    `floor: graphql-js alone executes and serialises this answer (${JSON.stringify(check).length} bytes) in ` +
      `${floorMs.toFixed(2)} ms, ${floor.toFixed(1)}x a whole \`me\` request (${meCostMs.toFixed(2)} ms at its req/s)`,
  );
  await bench.stop();
  return { ratio, floor };
}

if (import.meta.url === `file://${process.argv[1]}`) benchMoves().then(() => process.exit(0));
