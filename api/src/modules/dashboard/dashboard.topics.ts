/** Something the dashboard counts happened (a booking, a payment, a check-in, a sign-up): its viewers read it again. */
export type DashboardChangedEvent = { kind: string; at: string };

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    DASHBOARD_CHANGED: [DashboardChangedEvent];
  }
}

export const dashboardTopics = ['DASHBOARD_CHANGED'] as const;
