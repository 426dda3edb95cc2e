// Baseline for bench/schedule.mjs: node:http + raw pg running the API's own two statements for the week schedule
// (taken from the built read model: classes joined with class type, apparatus and instructor; waitlist counts) and
// building the same JSON.
import http from 'node:http';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { scheduleStatement, waitlistCountStatement } = require('../api/dist/modules/classes/schedule.read-model.js');
const numbered = ({ sql, params }) => {
  let n = 0;
  return { text: sql.replace(/\?/g, () => `$${(n += 1)}`), values: params };
};

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

http
  .createServer(async (req, res) => {
    if (req.url === '/healthz') return res.end('ok');
    const { rows } = await pool.query(numbered(scheduleStatement({ from: process.env.FROM, to: process.env.TO })));
    const waits = rows.length
      ? new Map((await pool.query(numbered(waitlistCountStatement(rows.map((r) => r.id))))).rows.map((r) => [r.id, r.n]))
      : new Map();
    const classSchedule = rows.map((r) => ({
      id: r.id,
      date: r.date,
      startTime: r.start_time,
      endTime: r.end_time,
      status: r.status,
      spotsLeft: Math.max(0, r.capacity - r.spots_taken),
      waitlistLength: waits.get(r.id) ?? 0,
      blueprint: { name: r.b_name, level: r.b_level, apparatus: { name: r.a_name } },
      instructor: { name: `${r.u_first_name} ${r.u_last_name}` },
    }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: { classSchedule } }));
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
