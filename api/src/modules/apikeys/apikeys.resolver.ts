import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { NO_KEYS, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Role } from '../users/role.js';
import { ApiKey } from './api-key.entity.js';
import { CreateApiKeyInput, CreateApiKeyPayload } from './apikeys.types.js';

/** /admin/api-keys: the keys integrations call the API with. Only people (admins) manage keys, never a key. */
@Resolver(() => ApiKey)
export class ApiKeyResolver {
  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Query(() => [ApiKey], { description: 'Every API key, newest first (revoked and expired ones too)' })
  apiKeys(@Ctx() ctx: Context): Promise<ApiKey[]> {
    return ctx.services.apikeys.list(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Mutation(() => CreateApiKeyPayload, { description: 'Makes an API key; the answer holds the key itself, shown this once' })
  createApiKey(@Arg('input') input: CreateApiKeyInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<CreateApiKeyPayload> {
    return ctx.services.apikeys.create(ctx.em, user, { ...input, name: input.name.trim() });
  }

  @Authorized(Role.admin)
  @Scope(NO_KEYS)
  @Mutation(() => ApiKey, { description: 'Revokes an API key: every API instance refuses it from the next request on' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ApiKey> {
    return ctx.services.apikeys.revoke(ctx.em, id);
  }
}
