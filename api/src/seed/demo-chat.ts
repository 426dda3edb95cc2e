import type { EntityManager } from '@mikro-orm/postgresql';
import { ChatMessage, ChatMessageSource, ChatReadState, Conversation, ConversationKind } from '../modules/chat/chat.entity.js';
import type { ChatService } from '../modules/chat/chat.service.js';
import { User } from '../modules/users/user.entity.js';

type Line = [who: string, minutesAgo: number, body: string, source?: ChatMessageSource];

/** The staff room: what a studio's team talks about on a weekday. */
const STAFF_ROOM: Line[] = [
  ['admin', 26 * 60, 'Morning all! The rigging inspector comes Thursday at 9:00 — please keep Studio B clear until 10.'],
  ['instructor', 25 * 60, 'Noted. I will move my private lesson to Studio A.'],
  ['teacher', 5 * 60, 'The new lyra hoop arrived. It is in the office until the inspector signs it off.'],
  ['instructor', 95, 'Can someone check the crash mat under point 3? The velcro is coming loose.'],
  ['admin', 40, 'On it — replacement strap ordered, should be here tomorrow.'],
];

/** The Reyes family's thread with the staff. */
const FAMILY: Line[] = [
  ['parent', 3 * 24 * 60, 'Hi! Mia loved her first Kids Silks class. Is there anything she should bring next week?'],
  ['instructor', 3 * 24 * 60 - 30, 'So glad to hear it! Just a water bottle and leggings that cover the back of her knees.'],
  ['parent', 50, 'Mia has a cold — can she make up Saturday’s class on Wednesday instead?'],
  ['teacher', 35, 'Of course. Wednesday 4:30 pm Kids Silks still has spots; book it on the calendar whenever you are ready.'],
  ['parent', 12, 'Perfect, thank you! Booking it now.'],
  ['instructor', 5, 'Great — I will tell Wednesday’s teacher that Mia is coming. Feel better, Mia!'],
];

/** A direct conversation between the instructor and the teacher. */
const DIRECT: Line[] = [
  ['instructor', 4 * 60, 'Could you cover my Tuesday 6 pm Aerial Hoop next week? I have a workshop out of town.'],
  ['teacher', 3 * 60, 'Yes, happy to. Anything special the group is working on?'],
  ['instructor', 2 * 60, 'Mermaid to gazelle transitions. A few are close to the back balance — spot them on the first tries.'],
];

/** Feedback sent with the floating button lands in the staff's Feedback thread. */
const FEEDBACK: Line[] = [
  ['student', 2 * 24 * 60, '[feature] Could the calendar show which classes still have a free rig point?', ChatMessageSource.feedback],
  ['admin', 2 * 24 * 60 - 20, 'Good idea — the calendar already shows spots left; we will add rig points to the class details.'],
  ['parent', 6 * 60, '[general] The Saturday kids class is wonderful. Thank you all!', ChatMessageSource.feedback],
];

/**
 * Demo conversations for the staff chat: the staff room, the Reyes family thread, a direct conversation between
 * Iris and Theo, and the Feedback thread. Read receipts leave a few messages unread for each demo account. Runs once:
 * nothing is added when the chat has messages already.
 */
export async function seedDemoChat(em: EntityManager, chat: ChatService): Promise<void> {
  if ((await em.count(ChatMessage, {})) > 0) return;
  const users = await em.find(User, { username: { $in: ['admin', 'instructor', 'teacher', 'parent', 'student'] } });
  const by = new Map(users.map((u) => [u.username!, u]));
  if (by.size < 5) return;
  await chat.ensureSingletons(em);
  const room = await em.findOneOrFail(Conversation, { singleton: ConversationKind.staff_room });
  const feedback = await em.findOneOrFail(Conversation, { singleton: ConversationKind.feedback });
  const family = await chat.familyConversation(em, by.get('parent')!.id);
  const [a, b] = [by.get('instructor')!, by.get('teacher')!].sort((x, y) => x.id.localeCompare(y.id));
  const direct = em.create(Conversation, { kind: ConversationKind.direct, memberA: a, memberB: b });
  const now = Date.now();
  const add = (conversation: Conversation, lines: Line[]) =>
    lines.map(([who, minutesAgo, body, source]) =>
      em.create(ChatMessage, {
        conversation,
        author: by.get(who)!,
        body,
        source: source ?? ChatMessageSource.chat,
        createdAt: new Date(now - minutesAgo * 60_000),
      }),
    );
  const threads = [
    [room, add(room, STAFF_ROOM)],
    [family, add(family, FAMILY)],
    [direct, add(direct, DIRECT)],
    [feedback, add(feedback, FEEDBACK)],
  ] as const;
  for (const [conversation, messages] of threads) conversation.lastMessageAt = messages.at(-1)!.createdAt;
  await em.flush();
  // Who has read how far: the last message of each thread stays unread for someone.
  const readUpTo = (conversation: Conversation, messages: readonly ChatMessage[], who: string, index: number) =>
    em.create(ChatReadState, {
      conversation,
      user: by.get(who)!,
      lastRead: messages[index],
      upTo: messages[index].createdAt,
      readAt: new Date(messages[index].createdAt.getTime() + 60_000),
    });
  const [roomMessages, familyMessages, directMessages, feedbackMessages] = threads.map(([, m]) => m);
  readUpTo(room, roomMessages, 'admin', 4);
  readUpTo(room, roomMessages, 'instructor', 3);
  readUpTo(room, roomMessages, 'teacher', 2);
  readUpTo(family, familyMessages, 'parent', 4);
  readUpTo(family, familyMessages, 'teacher', 3);
  readUpTo(family, familyMessages, 'instructor', 5);
  readUpTo(direct, directMessages, 'instructor', 2);
  readUpTo(direct, directMessages, 'teacher', 1);
  readUpTo(feedback, feedbackMessages, 'admin', 1);
  await em.flush();
}
