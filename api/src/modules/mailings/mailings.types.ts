import { MAILING_ATTACHMENTS_MAX, MAILING_CHOSEN_MAX, MAILING_SOURCES_MAX, mailingBody, mailingSubject } from '@studio/rules';
import { ArrayMaxSize, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { Rule } from '../../common/validators.js';
import { PersonalData } from '../../graphql/access.js';
import { Role } from '../users/role.js';
import { Mailing } from './mailing.entity.js';

@InputType({ description: 'Who receives a mailing: everyone any of these names, once each' })
export class MailingAudienceInput {
  @Field(() => [ID], { defaultValue: [] })
  @ArrayMaxSize(MAILING_SOURCES_MAX, { message: `At most ${MAILING_SOURCES_MAX} groups.` })
  @IsUUID('all', { each: true, message: 'That group was not found.' })
  groupIds: string[];
  @Field(() => [Role], { defaultValue: [] }) @ArrayMaxSize(5) roles: Role[];
  @Field(() => [ID], { defaultValue: [], description: 'Classes whose roster receives it' })
  @ArrayMaxSize(MAILING_SOURCES_MAX, { message: `At most ${MAILING_SOURCES_MAX} classes.` })
  @IsUUID('all', { each: true, message: 'That class was not found.' })
  classInstanceIds: string[];
  @Field(() => [ID], { defaultValue: [], description: 'People chosen one by one' })
  @ArrayMaxSize(MAILING_CHOSEN_MAX, { message: `At most ${MAILING_CHOSEN_MAX} people chosen one by one: use a group for more.` })
  @IsUUID('all', { each: true, message: 'That person was not found.' })
  userIds: string[];
}

@InputType({ description: 'A mailing to write: subject and Markdown body (both may use {{merge fields}}), and its audience' })
export class MailingInput {
  @Field() @Rule(mailingSubject) subject: string;
  @Field({ description: 'Markdown: sent as safe HTML with a plain-text part' }) @Rule(mailingBody) body: string;
  @Field(() => MailingAudienceInput) @ValidateNested() audience: MailingAudienceInput;
  @Field(() => Date, { nullable: true, description: 'When to send it; omitted: now' }) @IsOptional() scheduledAt?: Date | null;
  @Field(() => [ID], { defaultValue: [], description: 'Files from uploadMailingAttachment, sent with every message' })
  @ArrayMaxSize(MAILING_ATTACHMENTS_MAX, { message: `At most ${MAILING_ATTACHMENTS_MAX} attachments.` })
  @IsUUID('all', { each: true, message: 'That attachment was not found.' })
  attachmentIds: string[];
}

export enum MailingRecipientState {
  queued = 'queued',
  sent = 'sent',
  /** Kept in the outbox: no SMTP server is configured. */
  held = 'held',
  failed = 'failed',
  bounced = 'bounced',
  cancelled = 'cancelled',
  excluded = 'excluded',
}
registerEnumType(MailingRecipientState, { name: 'MailingRecipientState' });

@ObjectType()
export class MailingExclusionCount {
  @Field({ description: 'inactive, no_email, unsubscribed or bounced' }) reason: string;
  @Field(() => Int) count: number;
}

@ObjectType({ description: 'One person of an audience: who they are and where their email goes' })
export class MailingAudienceMember {
  @Field(() => ID) userId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) @PersonalData() address: string | null;
  @Field({ description: 'A family member without an email: the email goes to their parent' }) viaParent: boolean;
  @Field(() => String, { nullable: true, description: 'Why they are left out (see MailingExclusionCount.reason)' })
  excludedReason: string | null;
}

@ObjectType({ description: 'Who a mailing would reach now, before it is sent' })
export class MailingAudienceSummary {
  @Field(() => Int) recipients: number;
  @Field(() => [MailingExclusionCount]) excluded: MailingExclusionCount[];
  @Field(() => [MailingAudienceMember], { description: 'A few recipients, by name' }) sample: MailingAudienceMember[];
  @Field(() => [MailingAudienceMember], { description: 'A few of those left out, with the reason' })
  excludedSample: MailingAudienceMember[];
}

@ObjectType({ description: 'Why a person is (or is not) in an audience' })
export class MailingInclusion {
  @Field() included: boolean;
  @Field(() => [String], { description: 'Each source that names them, in words' }) reasons: string[];
  @Field(() => MailingAudienceMember, { nullable: true }) member: MailingAudienceMember | null;
}

@ObjectType()
export class MailingPreview {
  @Field() subject: string;
  @Field() html: string;
  @Field() text: string;
  @Field({ description: 'Whose merge fields fill the preview' }) recipientName: string;
}

@ObjectType()
export class MailingStateCount {
  @Field(() => MailingRecipientState) state: MailingRecipientState;
  @Field(() => Int) count: number;
}

@ObjectType()
export class MailingRecipientRow {
  @Field(() => ID) userId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) @PersonalData() address: string | null;
  @Field() viaParent: boolean;
  @Field(() => MailingRecipientState) state: MailingRecipientState;
  @Field(() => String, { nullable: true, description: 'Why it failed or was left out' }) reason: string | null;
  @Field(() => ID, { nullable: true, description: 'The message in the outbox' }) outboxEmailId: string | null;
}

@ObjectType()
export class MailingRecipientPage extends Paginated(MailingRecipientRow) {}

@ObjectType()
export class MailingPage extends Paginated(Mailing) {}

@ArgsType()
export class MailingRecipientArgs extends PageArgs {
  @Field(() => MailingRecipientState, { nullable: true }) state?: MailingRecipientState | null;
}
