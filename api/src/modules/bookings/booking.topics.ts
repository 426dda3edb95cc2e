/** Live seat counts of one class, computed once per change and sent to every subscriber as is. */
export type SpotsChangedEvent = {
  classInstanceId: string;
  spotsLeft: number;
  waitlistLength: number;
  status: string;
  takenRigPointIds: string[];
};

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    SPOTS_CHANGED: [SpotsChangedEvent];
  }
}

export const bookingTopics = ['SPOTS_CHANGED'] as const;
