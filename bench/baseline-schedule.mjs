// Baseline for bench/schedule.mjs: node:http + raw pg running the two statements the API runs for the week
// schedule (classes joined with class type, apparatus and instructor; waitlist counts), building the same JSON.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const CLASSES = `select c.id, c.date::text as date, c.start_time, c.end_time, c.capacity, c.spots_taken, c.status,
  b.name as blueprint_name, b.level, a.name as apparatus_name, u.first_name, u.last_name
  from class_instance c join class_blueprint b on b.id = c.blueprint_id join apparatus a on a.id = b.apparatus_id
  join app_user u on u.id = c.instructor_id
  where c.date >= $1 and c.date <= $2 and c.status = 'scheduled' order by c.starts_at, c.id`;
const WAITLIST = `select class_instance_id as id, count(*)::int as n from waitlist_entry
  where status = 'waiting' and class_instance_id = any($1::uuid[]) group by class_instance_id`;

http
  .createServer(async (req, res) => {
    if (req.url === '/healthz') return res.end('ok');
    const { rows } = await pool.query(CLASSES, [process.env.FROM, process.env.TO]);
    const waits = new Map((await pool.query(WAITLIST, [rows.map((r) => r.id)])).rows.map((r) => [r.id, r.n]));
    const classSchedule = rows.map((r) => ({
      id: r.id, date: r.date, startTime: r.start_time, endTime: r.end_time, status: r.status,
      spotsLeft: Math.max(0, r.capacity - r.spots_taken), waitlistLength: waits.get(r.id) ?? 0,
      blueprint: { name: r.blueprint_name, level: r.level, apparatus: { name: r.apparatus_name } },
      instructor: { name: `${r.first_name} ${r.last_name}` },
    }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: { classSchedule } }));
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
