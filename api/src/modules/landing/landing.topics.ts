/** The landing page's settings changed: its live subscribers read the page again. */
export type LandingChangedEvent = { updatedAt: string };

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    LANDING_PAGE_CONFIG_CHANGED: [LandingChangedEvent];
  }
}

export const landingTopics = ['LANDING_PAGE_CONFIG_CHANGED'] as const;
