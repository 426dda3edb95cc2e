/**
 * A student's moves changed (a state, an attempt, a sign-off, a placement, a request): published on the student's
 * key, so their open /moves pages, their parents' and staff's re-read with their own rules.
 */
export type MovesChangedEvent = {
  kind: 'changed' | 'resync';
  moveId?: string;
};

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    /** Keyed by the student's user id. */
    MOVES_CHANGED: [studentId: string, MovesChangedEvent];
  }
}

export const moveTopics = ['MOVES_CHANGED'] as const;
