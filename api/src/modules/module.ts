import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClassType } from 'type-graphql';
import type { On } from '../events/domain-events.js';
import type { ExportSource } from '../exports/export-source.js';
import type { QueueDeclaration } from '../jobs/queue-declaration.js';
import type { Ports } from '../events/ports.js';
import type { Core, LoaderRequest } from '../graphql/context.js';
import type { PubSubEvents } from '../graphql/pubsub.js';
import type { DirectRoute, HttpRoute, PageHead, RestRoute } from './routes.js';

/**
 * A module as the module list and the registry (services.ts) see it. Its functions are declared as methods so that
 * every specific module below fits it (method parameters are compared both ways).
 */
export interface AnyModule {
  readonly name: string;
  /** Modules whose services this one uses: they come earlier in modules/index.ts. */
  readonly uses: readonly AnyModule[];
  /** MikroORM entities (each also a GraphQL type). */
  readonly entities?: readonly EntityClass<object>[];
  /** TypeGraphQL resolver classes. */
  readonly resolvers?: readonly ClassType[];
  /** The live topics the module publishes, each declared with its payload in the module's `<domain>.topics.ts`. */
  readonly topics?: readonly (keyof PubSubEvents)[];
  /** Documented /api paths, each one GraphQL operation. */
  readonly restRoutes?: readonly RestRoute[];
  /** Routes the module serves itself (pages, file downloads, webhooks); http/server.ts mounts every module's. */
  httpRoutes?(services: object): readonly (HttpRoute | DirectRoute)[];
  /** Tags for the served page's <head> on client routes the module owns (link previews). */
  pageHeads?(services: object): readonly PageHead[];
  /** Builds the module's service, once per process. */
  service(deps: object): unknown;
  /** Batch loaders for one request; the context merges every module's. */
  loaders?(request: LoaderRequest & { services: object }): object;
  /** Creates the rows the module needs (idempotent); runs at boot after the migrations, under the startup lock. */
  ensure?(em: EntityManager, services: object): Promise<void>;
  /**
   * The module's job queues, each with its schedule (if any) and handler; the core runs and records them (jobs/). A
   * handler gets every service of the process (each declaration names the ones it uses).
   */
  readonly queues?: readonly QueueDeclaration[];
  /** The module's handlers of lower modules' domain events (events/catalogue.ts), each with its delivery kind. */
  events?(on: On, services: object): void;
  /** What the module answers lower modules through their ports (`<domain>.ports.ts`), by the lower module's name. */
  ports?(services: object): object;
  /** The module's tables an admin can export (/api/export/<name>.csv|json), as SQL over its own rows (exports/). */
  readonly exports?: readonly ExportSource[];
}

/** Each module's service under the module's name. */
export type ServicesOf<Modules extends readonly AnyModule[]> = { [M in Modules[number] as M['name']]: ReturnType<M['service']> };

/** Every module's loaders, merged. */
export type LoadersOf<Modules extends readonly AnyModule[]> = Modules extends readonly [
  infer First extends AnyModule,
  ...infer Rest extends readonly AnyModule[],
]
  ? ReturnType<NonNullable<First['loaders']>> & LoadersOf<Rest>
  : unknown;

/** What a module may supply to the ports of the modules it uses: a part of each one's `ports`, by its name. */
export type PortSupply<Uses extends readonly AnyModule[]> = {
  [Name in Uses[number]['name']]?: PortsOf<ReturnType<Extract<Uses[number], { name: Name }>['service']>>;
};

/** The ports a module's service declares (its `ports` holder), any of them supplied. */
type PortsOf<Service> = Service extends { ports: Ports<infer P> } ? Partial<P> : never;

/** What a module's functions get: the core and the services of the modules it uses. */
export type ModuleDeps<Uses extends readonly AnyModule[]> = Core & ServicesOf<Uses>;

/** The same, with the module's own service too (not a place to infer the module's types from). */
export type ModuleServices<Name extends string, Uses extends readonly AnyModule[], Service> = ModuleDeps<Uses> &
  Record<NoInfer<Name>, NoInfer<Service>>;

export interface StudioModule<Name extends string, Uses extends readonly AnyModule[], Service, Loaders extends object> extends AnyModule {
  readonly name: Name;
  readonly uses: Uses;
  service(deps: ModuleDeps<Uses>): Service;
  httpRoutes?(services: ModuleServices<Name, Uses, Service>): readonly (HttpRoute | DirectRoute)[];
  pageHeads?(services: ModuleServices<Name, Uses, Service>): readonly PageHead[];
  loaders?(request: LoaderRequest & { services: ModuleServices<Name, Uses, Service> }): Loaders;
  ensure?(em: EntityManager, services: ModuleServices<Name, Uses, Service>): Promise<void>;
  events?(on: On, services: ModuleServices<Name, Uses, Service>): void;
  ports?(services: ModuleServices<Name, Uses, Service>): PortSupply<Uses>;
}

/**
 * Declares a module: one folder under modules/, described by the object its index.ts exports. Adding the module to
 * the list in modules/index.ts is all it takes to register its entities, resolvers, service, loaders, queues, paths,
 * HTTP routes, live topics, event handlers and port answers. Write `loaders`, `httpRoutes`, `ensure`, `events`
 * and `ports` as arrows (`loaders: (request) => bookingLoaders(request)`): TypeScript checks them once it knows the
 * service's type from `service`, whereas a bare function name would be checked before (the same holds for each queue's
 * `run` and `enabled`).
 */
export function defineModule<const Name extends string, const Uses extends readonly AnyModule[], Service, Loaders extends object = object>(
  module: StudioModule<Name, Uses, Service, Loaders>,
): StudioModule<Name, Uses, Service, Loaders> {
  return module;
}
