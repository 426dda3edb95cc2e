import { defineModule } from '../module.js';
import { usersModule } from '../users/index.js';
import { ImportBatch, ImportMapping, ImportRecord } from './import-batch.entity.js';
import { ImportService } from './imports.service.js';
import { portabilityQueues } from './portability.jobs.js';
import { mergePortability } from './portability.merge.js';
import { PortabilityResolver } from './portability.resolver.js';
import { portabilityRestRoutes } from './portability.rest.js';
import { portabilityTopics } from './portability.topics.js';

/**
 * Moving the studio's data out and in: the catalogue of every module's export sources, downloaded from
 * /api/export/… (exports/), a member's own data from /api/export/my-data.json; imports of people and families from
 * another system (checked first, run as a job, undone as a whole).
 */
export const portabilityModule = defineModule({
  name: 'portability',
  uses: [usersModule],
  entities: [ImportBatch, ImportRecord, ImportMapping],
  resolvers: [PortabilityResolver],
  restRoutes: portabilityRestRoutes,
  topics: portabilityTopics,
  queues: portabilityQueues,
  service: ({ orm, jobs, storage, pubsub }) => ({ imports: new ImportService(orm, jobs, storage, pubsub) }),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergePortability(tx, pair)),
});
