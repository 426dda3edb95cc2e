// Baseline for bench/me.mjs: a bare node:http server running the SQL the API runs to resolve `me`, nothing else.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const sql =
  'select id, first_name, last_name, username, email, role, birthday, is_active, token_version from app_user where id = $1 and is_active = true limit 1';
http
  .createServer(async (req, res) => {
    if (req.url === '/healthz') return res.end('ok');
    const { rows } = await pool.query(sql, [process.env.USER_ID]);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: { me: { id: rows[0].id, username: rows[0].username, role: rows[0].role } } }));
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
