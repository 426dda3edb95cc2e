// Baseline for bench/subscriptions.mjs: a bare `ws` server that hears the same NOTIFY channel as the API and
// broadcasts each event as the frame graphql-ws would send (serialized once, the same bytes to every socket). It
// answers connection_init like graphql-ws, so the bench's clients are the same on both sides; no GraphQL at all.
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
listener.on('notification', ({ payload }) => {
  const { type, detail } = JSON.parse(payload);
  if (type !== 'SPOTS_CHANGED') return;
  const data = JSON.stringify({ data: { spotsChanged: detail } });
  for (const [socket, id] of subscribed) socket.send(`{"id":${JSON.stringify(id)},"type":"next","payload":${data}}`);
});
await listener.query('LISTEN studio_events');
server.listen(Number(process.env.PORT), '127.0.0.1');
