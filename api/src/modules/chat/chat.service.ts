import type { StudioPubSub } from '../../graphql/pubsub.js';
import type { ChatLimits } from './chat.limits.js';
import { ConversationService } from './conversations/conversation.service.js';
import { MessageService } from './messages/message.service.js';
import { ChatLiveService } from './live/chat-live.service.js';
import { ChatPresenceService } from './presence/chat-presence.service.js';

/**
 * The staff chat: conversations as chat.policy allows them, plain-text messages paged backwards, edits and
 * deletes within 5 minutes, admin moderation with a trace, read receipts, unread counts, full-text search, typing and
 * presence. Every change is published after commit on the conversation's key (CHAT_CHANGED) and on the studio-wide
 * activity key (CHAT_ACTIVITY); subscribers re-read what an event names with their own rules (chat.resolver). One
 * part each: conversations/, messages/, live/, presence/; this class answers for them.
 */
export class ChatService {
  readonly conversations: ConversationService;
  readonly messageParts: MessageService;
  readonly live: ChatLiveService;
  readonly presenceTracker: ChatPresenceService;

  constructor(pubsub: StudioPubSub, limits: ChatLimits) {
    this.conversations = new ConversationService(pubsub, limits);
    this.messageParts = new MessageService(pubsub, limits);
    this.live = new ChatLiveService(pubsub, limits, this.conversations);
    this.presenceTracker = new ChatPresenceService(pubsub, limits);
  }

  /** This process, for presence rows. */
  get instance(): string {
    return this.presenceTracker.instance;
  }

  overview: ConversationService['overview'] = (...args) => this.conversations.overview(...args);
  startDirect: ConversationService['startDirect'] = (...args) => this.conversations.startDirect(...args);
  startFamily: ConversationService['startFamily'] = (...args) => this.conversations.startFamily(...args);
  families: ConversationService['families'] = (...args) => this.conversations.families(...args);
  staffDirectory: ConversationService['staffDirectory'] = (...args) => this.conversations.staffDirectory(...args);
  ensureSingletons: ConversationService['ensureSingletons'] = (...args) => this.conversations.ensureSingletons(...args);
  familyConversation: ConversationService['familyConversation'] = (...args) => this.conversations.familyConversation(...args);
  messages: MessageService['messages'] = (...args) => this.messageParts.messages(...args);
  send: MessageService['send'] = (...args) => this.messageParts.send(...args);
  postFeedback: MessageService['postFeedback'] = (...args) => this.messageParts.postFeedback(...args);
  edit: MessageService['edit'] = (...args) => this.messageParts.edit(...args);
  delete: MessageService['delete'] = (...args) => this.messageParts.delete(...args);
  search: MessageService['search'] = (...args) => this.messageParts.search(...args);
  markRead: ChatLiveService['markRead'] = (...args) => this.live.markRead(...args);
  receipts: ChatLiveService['receipts'] = (...args) => this.live.receipts(...args);
  typing: ChatLiveService['typing'] = (...args) => this.live.typing(...args);
  eventFor: ChatLiveService['eventFor'] = (...args) => this.live.eventFor(...args);
  inboxFor: ChatLiveService['inboxFor'] = (...args) => this.live.inboxFor(...args);
  totalUnread: ChatLiveService['totalUnread'] = (...args) => this.live.totalUnread(...args);
  presence: ChatPresenceService['presence'] = (...args) => this.presenceTracker.presence(...args);
  stop: ChatPresenceService['stop'] = (...args) => this.presenceTracker.stop(...args);
}
