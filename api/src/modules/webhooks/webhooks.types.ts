import { webhookDescription, webhookEventTypes, webhookOverlapHours, webhookUrl } from '@studio/rules';
import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Rule } from '../../common/validators.js';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';

@InputType({ description: 'A webhook endpoint: where to send, which events, and a note for the admins' })
export class WebhookEndpointInput {
  @Field({ description: 'http(s) address of a public host, without a user name or password' }) @Rule(webhookUrl) url: string;
  @Field({ nullable: true }) @IsOptional() @Rule(webhookDescription) description?: string;
  @Field(() => [String], { description: 'Event types to deliver (at least one), e.g. booking.created' })
  @Rule(webhookEventTypes)
  eventTypes: string[];
}

@InputType({ description: 'What to change of an endpoint (omitted: kept); enabled: true also clears why it was disabled' })
export class WebhookEndpointChange {
  @Field({ nullable: true }) @IsOptional() @Rule(webhookUrl) url?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(webhookDescription) description?: string;
  @Field(() => [String], { nullable: true }) @IsOptional() @Rule(webhookEventTypes) eventTypes?: string[];
  @Field({ nullable: true }) @IsOptional() enabled?: boolean;
}

@ObjectType({ description: 'An endpoint with its signing secret: answered only when it is made or its secret rotated' })
export class WebhookEndpointWithSecret {
  @Field(() => WebhookEndpoint) endpoint!: WebhookEndpoint;
  @Field({ description: 'whsec_… (Standard Webhooks): verify deliveries with it; it is not shown again' }) secret!: string;
}

@ArgsType()
export class WebhookDeliveryArgs {
  @Field(() => ID) endpointId: string;
  @Field(() => Int, { defaultValue: 20, description: 'At most 100' }) @Min(1) @Max(100) first: number = 20;
  @Field({ nullable: true, description: 'The endCursor of the page before' }) @IsOptional() after?: string;
}

@ObjectType({ description: 'A page of deliveries, newest first' })
export class WebhookDeliveryPage {
  @Field(() => [WebhookDelivery]) nodes!: WebhookDelivery[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

@ArgsType()
export class RotateWebhookSecretArgs {
  @Field(() => ID) id: string;
  @Field(() => Int, { defaultValue: 24, description: 'Hours the old secret keeps signing beside the new one (0 to 168)' })
  @Rule(webhookOverlapHours)
  overlapHours: number = 24;
}
