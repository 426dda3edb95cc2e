import { mergeChat } from './chat.merge.js';
import { defineModule } from '../module.js';
import { ChatLimits } from './chat.limits.js';
import { ChatMessage, ChatPresence, ChatReadState, Conversation } from './chat.entity.js';
import { ChatResolver } from './chat.resolver.js';
import { chatRestRoutes } from './chat.rest.js';
import { ChatService } from './chat.service.js';
import { chatTopics } from './chat.topics.js';

/** The staff chat: staff room, family threads, staff direct messages and the Feedback thread, live, with presence. */
export const chatModule = defineModule({
  name: 'chat',
  uses: [],
  entities: [Conversation, ChatMessage, ChatReadState, ChatPresence],
  resolvers: [ChatResolver],
  topics: chatTopics,
  service: ({ pubsub, orm }) => new ChatService(pubsub, new ChatLimits(orm.em.fork())),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeChat(tx, pair)),
  restRoutes: chatRestRoutes,
  ensure: (em, { chat }) => chat.ensureSingletons(em),
});
