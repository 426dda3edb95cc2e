import { defineModule } from '../module.js';
import { usersModule } from '../users/index.js';
import { ApiKey } from './api-key.entity.js';
import { mergeApiKeys } from './apikeys.merge.js';
import { ApiKeyResolver } from './apikeys.resolver.js';
import { ApiKeyService } from './apikeys.service.js';

/**
 * API keys for integrations: scoped (graphql/access.ts `@Scope`), hashed, revocable at once, each with a cost bucket
 * shared by every API instance (graphql/api-key-gate.ts).
 */
export const apiKeysModule = defineModule({
  name: 'apikeys',
  uses: [usersModule],
  entities: [ApiKey],
  resolvers: [ApiKeyResolver],
  service: ({ env, pubsub }) => new ApiKeyService({ maximum: env.API_KEY_BUCKET_POINTS, restoreRate: env.API_KEY_RESTORE_RATE }, pubsub),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeApiKeys(tx, pair)),
});
