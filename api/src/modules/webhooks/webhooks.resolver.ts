import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { Scope } from '../../graphql/access.js';
import { Role } from '../users/role.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';
import { webhookBody } from './webhook-dispatcher.js';
import {
  RotateWebhookSecretArgs,
  WebhookDeliveryArgs,
  WebhookDeliveryPage,
  WebhookEndpointChange,
  WebhookEndpointInput,
  WebhookEndpointWithSecret,
} from './webhooks.types.js';

/** /admin/webhooks: outgoing webhook endpoints, their deliveries and replay, for admins. Names kept stable for integrations. */
@Resolver(() => WebhookEndpoint)
export class WebhookEndpointResolver {
  @Authorized(Role.admin)
  @Scope('studio:read')
  @Query(() => [WebhookEndpoint], { description: 'Every webhook endpoint, oldest first' })
  webhookEndpoints(@Ctx() ctx: Context): Promise<WebhookEndpoint[]> {
    return ctx.services.webhooks.list(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => WebhookEndpointWithSecret, { description: 'Registers an endpoint; its signing secret is answered this once' })
  createWebhookEndpoint(
    @Arg('input') input: WebhookEndpointInput,
    @CurrentUser() actor: Viewer,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpointWithSecret> {
    return ctx.services.webhooks.create(ctx.em, actor, input);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => WebhookEndpoint, { description: 'Changes an endpoint’s address, description or events, or disables / enables it' })
  updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: WebhookEndpointChange,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpoint> {
    return ctx.services.webhooks.update(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'A new signing secret (answered this once); the old one keeps signing beside it for overlapHours',
  })
  rotateWebhookSecret(@Args() { id, overlapHours }: RotateWebhookSecretArgs, @Ctx() ctx: Context): Promise<WebhookEndpointWithSecret> {
    return ctx.services.webhooks.rotate(ctx.em, id, overlapHours);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Boolean, { description: 'Deletes an endpoint with its deliveries' })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.webhooks.remove(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('studio:read')
  @Query(() => WebhookDeliveryPage, { description: 'An endpoint’s deliveries, newest first (first ≤ 100, after: the last endCursor)' })
  webhookDeliveries(@Args() args: WebhookDeliveryArgs, @Ctx() ctx: Context): Promise<WebhookDeliveryPage> {
    return ctx.services.webhooks.deliveries(ctx.em, args);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => WebhookDelivery, { description: 'Sends a delivery again (same webhook-id and body), from its first attempt' })
  replayWebhookDelivery(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<WebhookDelivery> {
    return ctx.services.webhooks.replay(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => WebhookDelivery, { description: 'Sends the endpoint a webhook.test event now' })
  sendTestWebhook(@Arg('endpointId', () => ID) endpointId: string, @Ctx() ctx: Context): Promise<WebhookDelivery> {
    return ctx.services.webhooks.sendTest(ctx.em, endpointId);
  }

  @FieldResolver(() => WebhookDelivery, { nullable: true, description: 'Its latest delivery' })
  lastDelivery(@Parent() endpoint: WebhookEndpoint, @Ctx() ctx: Context): Promise<WebhookDelivery | null> {
    return ctx.loaders.webhookLastDelivery.load(endpoint.id);
  }
}

@Resolver(() => WebhookDelivery)
export class WebhookDeliveryResolver {
  @FieldResolver(() => [WebhookAttempt], { description: 'Every attempt, oldest first' })
  attemptLog(@Parent() delivery: WebhookDelivery, @Ctx() ctx: Context): Promise<WebhookAttempt[]> {
    return ctx.loaders.webhookAttempts.load(delivery.id);
  }

  @FieldResolver(() => String, { description: 'The body every attempt sends: {"type", "timestamp", "data"} as JSON' })
  body(@Parent() delivery: WebhookDelivery): string {
    return webhookBody(delivery);
  }

  @FieldResolver(() => ID)
  endpointId(@Parent() delivery: WebhookDelivery): string {
    return delivery.endpoint.id;
  }
}
