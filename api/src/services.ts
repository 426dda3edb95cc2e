import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import PgBoss from 'pg-boss';
import type { Env } from './env.js';
import type { Core, LoaderRequest, Loaders, Services } from './graphql/context.js';
import { DomainEvents } from './events/domain-events.js';
import type { Ports } from './events/ports.js';
import { entityLoaders } from './graphql/loaders.js';
import { JobDatabase } from './jobs/job-database.js';
import { JobQueues } from './jobs/job-queues.js';
import { createStudioPubSub, PostgresEventTarget } from './graphql/pubsub.js';
import { lifecycle } from './lifecycle.js';
import { log } from './logger.js';
import { modules } from './modules/index.js';
import { fileStorageFrom } from './storage/index.js';
import type { AnyModule } from './modules/module.js';
import { exportCatalogue } from './exports/export-source.js';

export type { Services } from './graphql/context.js';

const moduleList: readonly AnyModule[] = modules;

/**
 * Builds the services of one API process from the module list: the core (pub/sub, job queue and the modules' declared
 * queues, domain events, file storage), then every module's service in list order (each gets the core and the
 * services before it), then each module's event handlers and port answers, then the outbox's poller. The queues'
 * workers and schedules start later (boot.ts), once the migrations ran: runs and pauses are stored in tables.
 */
export async function createServices(env: Env, orm: MikroORM, databaseUrl: string): Promise<Services> {
  const events = new PostgresEventTarget(databaseUrl);
  await events.start();
  const pubsub = createStudioPubSub(events);

  const onJobsError = (err: Error) => {
    if (!lifecycle.stopping) log.error('job queue error', { message: err.message });
  };
  const jobsDb = new JobDatabase(databaseUrl, onJobsError);
  const jobs = new PgBoss({ db: jobsDb, schema: 'pgboss' });
  jobs.on('error', onJobsError);
  await jobs.start();

  const domainEvents = new DomainEvents(orm);
  const declared = moduleList.flatMap((module) => (module.queues ?? []).map((queue) => ({ ...queue, module: module.name })));
  const queues = new JobQueues(jobs, orm, domainEvents, env.STUDIO_TIME_ZONE, declared);
  const core: Core = {
    env,
    orm,
    jobs,
    queues,
    pubsub,
    events: domainEvents,
    storage: fileStorageFrom(env),
    exports: exportCatalogue(moduleList.flatMap((module) => module.exports ?? [])),
  };
  const built: Record<string, unknown> & Partial<Services> = { ...core };
  for (const module of moduleList) {
    const missing = module.uses.filter((used) => !(used.name in built)).map((used) => used.name);
    if (missing.length) throw new Error(`Module ${module.name} uses ${missing.join(', ')}: list it after them in modules/index.ts.`);
    built[module.name] = module.service(built);
  }
  for (const module of moduleList) {
    module.events?.(domainEvents.onFor(module.name), built);
    // Typed by PortSupply: each key names a module this one uses whose service has `ports`.
    for (const [name, part] of Object.entries(module.ports?.(built) ?? {}))
      (built[name] as { ports: Ports<object> }).ports.supply(part as object, module.name);
  }
  // Assembled from the list, which the Services type is derived from (see modules/index.ts).
  const services = Object.assign(built, {
    createLoaders: (request: LoaderRequest) => createLoaders(request, services),
    async close() {
      await domainEvents.close();
      await queues.stop(jobsDb, 5000);
      await events.close();
    },
  }) as Services;
  domainEvents.start();
  return services;
}

/** Every module's loaders for one request, merged; two modules may not name a loader alike. */
function createLoaders(request: LoaderRequest, services: Services): Loaders {
  const loaders: Record<string, unknown> & Partial<Loaders> = entityLoaders(request.em);
  for (const module of moduleList) {
    for (const [name, loader] of Object.entries(module.loaders?.({ ...request, services }) ?? {})) {
      if (name in loaders) throw new Error(`Two modules define the loader ${name}.`);
      loaders[name] = loader;
    }
  }
  // Merged from the list, which the Loaders type is derived from (see modules/index.ts).
  return loaders as Loaders;
}

/** Each module's reference data (idempotent), in list order. Runs at boot after the migrations, under the startup lock. */
export async function ensureReferenceData(services: Services, em: EntityManager): Promise<void> {
  for (const module of moduleList) await module.ensure?.(em, services);
}
