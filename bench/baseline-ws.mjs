// Baseline for bench/subscriptions.mjs: a bare `ws` server that hears the same NOTIFY channel as the API and
// broadcasts each event as the frame graphql-ws would send (serialized once, the same bytes to every socket). It
// answers connection_init like graphql-ws, so the bench's clients are the same on both sides; no GraphQL at all.
// A chat event names a message: it is read once (one query, as the API's shared read) and broadcast in the shape
// the API sends, without authorising anyone.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireApi = createRequire(path.join(root, 'api/package.json'));
const { WebSocketServer } = requireApi('ws');
const { Client } = requireApi('pg');

const server = http.createServer((req, res) => res.end(req.url === '/healthz' ? 'ok' : ''));
const wss = new WebSocketServer({ server, path: '/graphql' });
const subscribed = new Map(); // socket → its subscription id
wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'connection_init') socket.send('{"type":"connection_ack"}');
    else if (message.type === 'subscribe') subscribed.set(socket, message.id);
  });
  socket.on('close', () => subscribed.delete(socket));
});

const listener = new Client({ connectionString: process.env.DATABASE_URL });
await listener.connect();
const reader = new Client({ connectionString: process.env.DATABASE_URL });
await reader.connect();
const broadcast = (data) => {
  for (const [socket, id] of subscribed) socket.send(`{"id":${JSON.stringify(id)},"type":"next","payload":${data}}`);
};
const person = (id, firstName, lastName, role) => (id ? { id, firstName, lastName, role } : null);
listener.on('notification', async ({ payload }) => {
  const { type, detail } = JSON.parse(payload);
  if (type === 'SPOTS_CHANGED') return broadcast(JSON.stringify({ data: { spotsChanged: detail } }));
  if (!type.startsWith('CHAT_CHANGED:') || detail.kind !== 'message_added') return;
  const {
    rows: [m],
  } = await reader.query(
    `select m.*, a.first_name, a.last_name, a.role from chat_message m left join app_user a on a.id = m.author_id where m.id = $1`,
    [detail.messageId],
  );
  if (!m) return;
  const message = {
    id: m.id,
    conversationId: m.conversation_id,
    body: m.body,
    source: m.source,
    createdAt: m.created_at,
    editedAt: m.edited_at,
    deletedAt: m.deleted_at,
    author: person(m.author_id, m.first_name, m.last_name, m.role),
    deletedBy: null,
  };
  broadcast(
    JSON.stringify({
      data: { chatEvents: { kind: 'message_added', conversationId: m.conversation_id, message, user: null, receipt: null } },
    }),
  );
});
await listener.query('LISTEN studio_events');
server.listen(Number(process.env.PORT), '127.0.0.1');
