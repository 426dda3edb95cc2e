import { chatMessage, chatSearch } from '@studio/rules';
import { IsOptional, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Rule } from '../../common/validators.js';
import { Role } from '../users/role.js';
import { ChatMessageSource, ConversationKind } from './chat.entity.js';

export const CHAT_PAGE_MAX = 50;

@ObjectType({ description: 'Someone in the staff chat, as the chat shows them' })
export class ChatPerson {
  @Field(() => ID) id: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => Role) role: Role;
}

@ObjectType({ description: 'A staff chat message as plain text; a deleted one keeps who deleted it and when, without its text' })
export class ChatMessageView {
  @Field(() => ID) id: string;
  @Field(() => ID) conversationId: string;
  @Field(() => ChatPerson, { nullable: true, description: 'Null when the author’s account is gone' }) author: ChatPerson | null;
  @Field({ description: 'Plain text (show it as text, never as HTML); empty once deleted' }) body: string;
  @Field(() => ChatMessageSource) source: ChatMessageSource;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) editedAt: Date | null;
  @Field(() => Date, { nullable: true }) deletedAt: Date | null;
  @Field(() => ChatPerson, { nullable: true, description: 'Who deleted it: its author, or an admin moderating' })
  deletedBy: ChatPerson | null;
}

@ObjectType({ description: 'One of your conversations, with your unread count' })
export class ConversationSummary {
  @Field(() => ID) id: string;
  @Field(() => ConversationKind) kind: ConversationKind;
  @Field({ description: 'As you see it: "Staff room", "Feedback", the family, the other staff member, or "Studio staff" for a parent' })
  title: string;
  @Field(() => Int) unreadCount: number;
  @Field(() => ChatMessageView, { nullable: true }) lastMessage: ChatMessageView | null;
  @Field(() => ID, { nullable: true, description: 'A direct conversation: the other staff member' }) otherUserId: string | null;
}

@ObjectType({ description: 'Your conversations (most recent first) and your unread messages in all of them' })
export class StaffChatOverview {
  @Field(() => [ConversationSummary]) conversations: ConversationSummary[];
  @Field(() => Int) totalUnread: number;
}

@ObjectType({ description: 'A page of messages, oldest first; older ones are fetched with `before: olderCursor`' })
export class ChatMessagePage {
  @Field(() => [ChatMessageView]) items: ChatMessageView[];
  @Field() hasOlder: boolean;
  @Field(() => ID, { nullable: true }) olderCursor: string | null;
}

@ObjectType({ description: 'A read receipt: the last message a member of the conversation has read' })
export class ChatReceipt {
  @Field(() => ChatPerson) user: ChatPerson;
  @Field(() => ID) lastReadMessageId: string;
  @Field() readAt: Date;
}

@ObjectType({ description: 'A staff member for starting a direct conversation, with whether they are online now' })
export class ChatStaffMember extends ChatPerson {
  @Field() online: boolean;
}

@ObjectType({ description: 'A family (its parent) that staff can message, with its thread if it has one yet' })
export class ChatFamily {
  @Field(() => ID, { description: 'The parent' }) id: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => ID, { nullable: true, description: 'The family thread, null until someone opens it' }) conversationId: string | null;
}

export const CHAT_FAMILIES_MAX = 20;

export enum ChatEventKind {
  resync = 'resync',
  message_added = 'message_added',
  message_edited = 'message_edited',
  message_deleted = 'message_deleted',
  typing = 'typing',
  read = 'read',
}
registerEnumType(ChatEventKind, {
  name: 'ChatEventKind',
  description: 'resync: (re)load the conversation; then messages added, edited or deleted, someone typing, a read receipt',
});

@ObjectType({ description: 'Something that happened in a conversation' })
export class ChatEvent {
  @Field(() => ChatEventKind) kind: ChatEventKind;
  @Field(() => ID) conversationId: string;
  @Field(() => ChatMessageView, { nullable: true }) message: ChatMessageView | null;
  @Field(() => ChatPerson, { nullable: true, description: 'typing: who is typing' }) user: ChatPerson | null;
  @Field(() => ChatReceipt, { nullable: true }) receipt: ChatReceipt | null;
}

@ObjectType({ description: 'Your unread counts changed, or who of the staff is online' })
export class ChatInboxEvent {
  @Field(() => ID, { nullable: true, description: 'The conversation that changed; null on resync and presence changes' })
  conversationId: string | null;
  @Field(() => Int, { description: 'Your unread messages in that conversation' }) unreadCount: number;
  @Field(() => Int) totalUnread: number;
  @Field(() => [ID], { description: 'The staff members online now (with the chat open somewhere)' }) onlineStaffIds: string[];
}

@ArgsType()
export class ConversationArgs {
  @Field(() => ID) conversationId: string;
}

@ArgsType()
export class ChatMessagesArgs extends ConversationArgs {
  @Field(() => ID, { nullable: true, description: 'The olderCursor of the page shown: messages before it' }) before?: string | null;
  @Field(() => Int, { defaultValue: 30 })
  @Min(1, { message: 'Ask for at least 1 message.' })
  @Max(CHAT_PAGE_MAX, { message: `Ask for at most ${CHAT_PAGE_MAX} messages.` })
  limit: number = 30;
}

@ArgsType()
export class SendChatMessageArgs extends ConversationArgs {
  @Field() @Rule(chatMessage) body: string;
}

@ArgsType()
export class ChatMessageIdArgs {
  @Field(() => ID) messageId: string;
}

@ArgsType()
export class EditChatMessageArgs extends ChatMessageIdArgs {
  @Field() @Rule(chatMessage) body: string;
}

@ArgsType()
export class MarkChatReadArgs extends ConversationArgs {
  @Field(() => ID, { description: 'The newest message you have seen' }) messageId: string;
}

@ArgsType()
export class ChatSearchArgs extends ConversationArgs {
  @Field() @Rule(chatSearch) query: string;
}

@ArgsType()
export class StartDirectArgs {
  @Field(() => ID) userId: string;
}

@ArgsType()
export class ChatFamiliesArgs {
  @Field(() => String, { nullable: true, description: 'Words of the parent’s name; none lists the first families by name' })
  @IsOptional()
  @MaxLength(100, { message: 'Search for at most 100 characters.' })
  search?: string | null;
}

@ArgsType()
export class StartFamilyChatArgs {
  @Field(() => ID, { description: 'The family’s parent' }) parentId: string;
}
