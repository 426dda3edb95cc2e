/**
 * Some of the user's sessions ended (an account switched off here, a sign-out everywhere in auth): every instance
 * re-checks that user's open WebSockets and closes the dead ones (http/session-sockets.ts).
 */
export type SessionsEndedEvent = { userId: string };

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    SESSIONS_ENDED: [SessionsEndedEvent];
  }
}

export const userTopics = ['SESSIONS_ENDED'] as const;
