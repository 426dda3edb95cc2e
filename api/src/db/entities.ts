import { OutboxDelivery, OutboxEvent } from '../events/outbox.entity.js';
import { JobRun, PausedSchedule } from '../jobs/job-run.entity.js';
import { modules } from '../modules/index.js';

/** Every MikroORM entity: the core's (the domain event outbox, the job runs), then the module list's (no folder scanning). */
export const entities = [OutboxEvent, OutboxDelivery, JobRun, PausedSchedule, ...modules.flatMap((module) => module.entities ?? [])];
