import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import { IMPORT_QUEUE, type ImportService } from './imports.service.js';

/** A check or an import runs as a job; the sweep starts again a run whose API stopped midway. */
export const portabilityQueues: QueueDeclaration<{ portability: { imports: ImportService } }>[] = [
  {
    name: IMPORT_QUEUE,
    description: 'Checks or imports an uploaded file (people and families), in one transaction',
    pollingIntervalSeconds: 1,
    run: ({ portability }, job) => portability.imports.run(String(job.data.id)),
  },
  {
    name: 'portability-import-sweep',
    description: 'Starts again the imports whose run stopped with its API',
    cron: '* * * * *',
    run: ({ portability }) => portability.imports.sweep(),
  },
];
