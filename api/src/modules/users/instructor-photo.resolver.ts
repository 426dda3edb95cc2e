import { GraphQLByte } from 'graphql-scalars';
import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { PersonSummary, summarize } from './person-summary.js';
import { Role } from './role.js';
import { Scope } from '../../graphql/access.js';

/** Instructor and teacher photos: staff change their own, admins anyone's (user.policy); anyone sees them (user.routes.ts). */
@Resolver()
export class InstructorPhotoResolver {
  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('members:write')
  @Mutation(() => PersonSummary, {
    description:
      'Sets an instructor’s photo: a JPEG, PNG or WebP image of at most 5 MB (base64), stored as a square WebP. ' +
      'Browsers upload the file itself with PUT /api/instructors/{id}/photo.',
  })
  async setInstructorPhoto(
    @Arg('userId', () => ID) userId: string,
    @Arg('photo', () => GraphQLByte) photo: Buffer,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<PersonSummary> {
    return summarize(await ctx.services.users.setPhoto(ctx.em, user, userId, photo));
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('members:write')
  @Mutation(() => PersonSummary, { description: 'Removes an instructor’s photo (their initials show instead)' })
  async removeInstructorPhoto(
    @Arg('userId', () => ID) userId: string,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<PersonSummary> {
    return summarize(await ctx.services.users.removePhoto(ctx.em, user, userId));
  }
}
