// An example integration of the studio's GraphQL API with an API key: it reads this week's schedule, follows a
// class's seat counts live (graphql-ws), books a member into it, and receives the studio's webhooks, verifying each
// signature. Every step prints one JSON line, with what the request cost and what the key's bucket holds.
//
//   npm install && npm run build
//   STUDIO_URL=https://studio.example STUDIO_KEY=studio_… MEMBER_SEARCH='Sam Rivera' \
//     WEBHOOK_SECRET=whsec_… PORT=8787 npm start
//
// The key needs schedule:read, members:read, members:pii (the member search), bookings:read and bookings:write.
// CLASS_ID picks the class (else the first one of the week with a free spot); STUDIO_TIME_ZONE is the studio's
// zone (its dates are studio dates). Without WEBHOOK_SECRET no receiver is started. It runs until stopped.
import { print as printDocument } from 'graphql';
import { GraphQLClient, type ResponseMiddleware } from 'graphql-request';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startWebhookReceiver } from '../webhook-receiver.mjs';
import {
  BookMemberDocument,
  FindMemberDocument,
  SeatCountsDocument,
  WeekScheduleDocument,
  type SeatCountsSubscription,
} from './operations.generated.js';

const env = process.env;
const studioUrl = (env.STUDIO_URL ?? 'http://localhost:4000').replace(/\/$/, '');
const key = env.STUDIO_KEY;
const memberSearch = env.MEMBER_SEARCH;
if (!key || !memberSearch) {
  console.error('Set STUDIO_KEY (an API key, studio_…) and MEMBER_SEARCH (the name of the member to book).');
  process.exit(1);
}
const authorization = `Bearer ${key}`;
const print = (step: string, details: Record<string, unknown>) => console.log(JSON.stringify({ step, ...details }));

/** A studio date (YYYY-MM-DD in the studio's time zone), `days` after today. */
function studioDate(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: env.STUDIO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    day,
  );
}

// 1. Webhooks: verified with the Standard Webhooks library, each webhook-id handled once.
const receiver = env.WEBHOOK_SECRET
  ? await startWebhookReceiver({
      secrets: env.WEBHOOK_SECRET.split(/\s+/).filter(Boolean),
      port: Number(env.PORT ?? 8787),
      host: env.HOST ?? '127.0.0.1',
      onEvent: (id, event) => print('webhook', { id, type: event.type, data: event.data }),
    })
  : null;
if (receiver) print('receiver', { url: receiver.url });

// 2. GraphQL over HTTP. Every answer to a key carries extensions.cost (and RateLimit headers).
let lastCost: unknown = null;
const costOf: ResponseMiddleware = (response) => {
  if (!(response instanceof Error)) lastCost = (response.extensions as { cost?: unknown } | undefined)?.cost ?? null;
};
const graphql = new GraphQLClient(`${studioUrl}/graphql`, { headers: { authorization }, responseMiddleware: costOf });

const week = await graphql.request(WeekScheduleDocument, { from: studioDate(0), to: studioDate(6) });
print('schedule', {
  classes: week.classSchedule.map((c) => ({ id: c.id, name: c.blueprint.name, startsAt: c.startsAt, spotsLeft: c.spotsLeft })),
  cost: lastCost,
});
const target = env.CLASS_ID
  ? week.classSchedule.find((c) => c.id === env.CLASS_ID)
  : week.classSchedule.find((c) => c.spotsLeft > 0 && Date.parse(c.startsAt) > Date.now());
if (!target) {
  console.error('No class this week to book into.');
  process.exit(1);
}

// 3. Seat counts, live over graphql-ws (the key goes in the connection parameters).
const live = createClient({
  url: `${studioUrl.replace(/^http/, 'ws')}/graphql`,
  webSocketImpl: WebSocket,
  connectionParams: { authorization },
});
const connected = new Promise<void>((resolve) => live.on('connected', () => resolve()));
const stopSeats = live.subscribe<SeatCountsSubscription>(
  { query: printDocument(SeatCountsDocument), variables: { classInstanceIds: [target.id] } },
  {
    next: (result) =>
      print('seats', { ...result.data?.spotsChanged, cost: (result.extensions as { cost?: unknown } | undefined)?.cost ?? null }),
    error: (err) => print('seats-error', { error: err instanceof Error ? err.message : err }),
    complete: () => undefined,
  },
);
await connected;

// 4. Book a member into the class (recorded as booked by the key's integration).
const found = await graphql.request(FindMemberDocument, { search: memberSearch });
const member = found.users.items[0];
if (!member) {
  console.error(`No member matches "${memberSearch}".`);
  process.exit(1);
}
print('member', { id: member.id, name: `${member.firstName} ${member.lastName}`, cost: lastCost });
const { staffBookAttendee: booking } = await graphql.request(BookMemberDocument, { attendeeId: member.id, classInstanceId: target.id });
print('booked', {
  bookingId: booking.id,
  classInstanceId: target.id,
  status: booking.status,
  bookedBy: booking.bookedBy.name,
  cost: lastCost,
});

// Seat counts and webhooks go on arriving until the process is stopped.
const stop = async () => {
  stopSeats();
  await live.dispose();
  await receiver?.close();
  process.exit(0);
};
process.once('SIGINT', stop).once('SIGTERM', stop);
