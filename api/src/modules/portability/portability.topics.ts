/** A check or an import moved on (or ended): its page shows the progress without asking again. */
export type ImportProgressEvent = { batchId: string; state: string; processed: number; total: number };

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    IMPORT_PROGRESS: [string, ImportProgressEvent];
  }
}

export const portabilityTopics = ['IMPORT_PROGRESS'] as const;
