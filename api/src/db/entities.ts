import { OutboxDelivery, OutboxEvent } from '../events/outbox.entity.js';
import { modules } from '../modules/index.js';

/** Every MikroORM entity: the core's (the domain event outbox), then the module list's (no folder scanning). */
export const entities = [OutboxEvent, OutboxDelivery, ...modules.flatMap((module) => module.entities ?? [])];
