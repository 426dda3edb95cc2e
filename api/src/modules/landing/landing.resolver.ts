import { Arg, Authorized, Ctx, Extensions, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import { SHARED_LIVE } from '../../graphql/multiplex.js';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { LandingPageConfig } from './landing-page-config.entity.js';
import type { LandingChangedEvent } from './landing.topics.js';
import { Parent } from '../../graphql/parent.js';
import { UpdateLandingPageConfigInput } from './landing.types.js';

@Resolver()
export class LandingResolver {
  @Public()
  @Scope('studio:read')
  @Query(() => LandingPageConfig)
  landingPageConfig(@Ctx() ctx: Context): Promise<LandingPageConfig> {
    return ctx.services.landing.get(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => LandingPageConfig)
  updateLandingPageConfig(@Arg('input') input: UpdateLandingPageConfigInput, @Ctx() ctx: Context): Promise<LandingPageConfig> {
    return ctx.services.landing.update(ctx.em, input);
  }

  @Extensions(SHARED_LIVE)
  @Public()
  @Scope('studio:read')
  @Subscription(() => LandingPageConfig, {
    topics: 'LANDING_PAGE_CONFIG_CHANGED',
    description: 'Fires when an admin saves the landing page',
  })
  landingPageConfigChanged(@Parent() _event: LandingChangedEvent, @Ctx() ctx: Context): Promise<LandingPageConfig> {
    // Events carry no data; each delivery reads the saved config with its own entity manager.
    return ctx.services.landing.get(ctx.services.orm.em.fork());
  }
}
