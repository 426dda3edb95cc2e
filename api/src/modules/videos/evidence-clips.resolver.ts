import { Args, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { SignOffRequest } from '../moves/move-progress.entity.js';
import { EvidenceClip, EvidenceClipArgs, EvidenceClipUpload } from './videos.types.js';

@Resolver(() => SignOffRequest)
export class EvidenceClipResolver {
  @Authorized()
  @Scope('moves:write')
  @Mutation(() => EvidenceClipUpload, {
    description:
      'Attaches a clip of the attempt to your (or your child’s) open sign-off request: upload its file next with tus to ' +
      '`uploadUrl`, naming `videoId` and `filename` in the metadata. At most 100 MB; private to the student, their parent and staff',
  })
  startEvidenceClip(@Args() args: EvidenceClipArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<EvidenceClipUpload> {
    return ctx.services.videos.evidence.start(ctx.em, user, args);
  }

  @FieldResolver(() => EvidenceClip, { nullable: true, description: 'The clip of the attempt, once uploaded' })
  async clip(@Root() request: SignOffRequest, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<EvidenceClip | null> {
    const clip = await ctx.loaders.evidenceClip.load(request.id);
    return clip ? ctx.services.videos.evidence.view(ctx.em, user, clip) : null;
  }
}
