/**
 * The yardstick of the load benchmark: a bare Koa server answering each read from one
 * PostgreSQL query through a plain pg pool (same pool size as ours), with no session, no
 * permission check, no headers and no log. Run by bench/run.ts as its own process:
 * DATABASE_URL and PORT from the environment.
 */
import Koa from 'koa';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const queries: Record<string, string> = {
  '/api/staff': `SELECT id AS "_id", name, email, role, status FROM staff_users ORDER BY created_at, id`,
  '/api/admin/settings/general': `SELECT value FROM settings WHERE key = 'general'`,
};

const app = new Koa();
app.use(async (ctx) => {
  const text = queries[ctx.path];
  if (!text) {
    ctx.status = 404;
    return;
  }
  const { rows } = await pool.query(text);
  ctx.body = ctx.path === '/api/staff' ? rows : (rows[0]?.value ?? {});
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
