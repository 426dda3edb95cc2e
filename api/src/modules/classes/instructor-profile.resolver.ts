import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { Role } from '../users/role.js';
import { Apparatus } from './apparatus.entity.js';
import { InstructorProfileInput } from './class.inputs.js';

/** An instructor's profile as class details show it: the apparatus they teach (bio and photo come with the person). */
@Resolver(() => PersonSummary)
export class InstructorProfileResolver {
  @Public()
  @Scope('schedule:read')
  @Query(() => PersonSummary, { description: 'An instructor’s or teacher’s profile (NOT_FOUND for anyone else)' })
  async instructor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<PersonSummary> {
    return summarize(await ctx.services.users.findPublicProfile(ctx.em, id));
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('schedule:write')
  @Mutation(() => PersonSummary, { description: 'Sets an instructor’s bio and apparatus: their own, or (admins) anyone’s' })
  async updateInstructorProfile(
    @Arg('userId', () => ID) userId: string,
    @Arg('input') input: InstructorProfileInput,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<PersonSummary> {
    return summarize(await ctx.services.classes.updateInstructorProfile(ctx.em, user, userId, input));
  }

  @FieldResolver(() => [Apparatus], { description: 'The apparatus an instructor or teacher teaches (empty for everyone else)' })
  apparatuses(@Parent() person: PersonSummary, @Ctx() ctx: Context): Promise<Apparatus[]> | Apparatus[] {
    return ctx.loaders.taughtApparatus.load(person.id);
  }
}
