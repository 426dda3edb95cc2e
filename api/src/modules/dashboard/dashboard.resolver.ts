import { Args, Authorized, Ctx, Query, Resolver, Subscription } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Summarizes } from '../../graphql/cost.js';
import { Parent } from '../../graphql/parent.js';
import { Role } from '../users/role.js';
import type { DashboardChangedEvent } from './dashboard.topics.js';
import { Dashboard, DashboardArgs, DashboardChange } from './dashboard.types.js';
import { Scope } from '../../graphql/access.js';

@Resolver()
export class DashboardResolver {
  @Authorized(Role.admin)
  @Scope('reports:read')
  @Summarizes()
  @Query(() => Dashboard, { description: "The admin's dashboard: bookings, revenue, members and levels for a period (/admin/dashboard)" })
  dashboard(@Args() { period, from, to }: DashboardArgs, @CurrentUser() admin: Viewer, @Ctx() ctx: Context): Promise<Dashboard> {
    return ctx.services.dashboard.dashboard(ctx.em, admin, period, { from, to });
  }

  @Authorized(Role.admin)
  @Scope('reports:read')
  @Subscription(() => DashboardChange, {
    topics: 'DASHBOARD_CHANGED',
    description: 'Fires after a booking, cancellation, check-in, payment, sign-up or level anywhere: read the dashboard again',
  })
  dashboardChanged(@Parent() event: DashboardChangedEvent): DashboardChange {
    return { kind: event.kind, at: new Date(event.at) };
  }
}
