import { Arg, Args, Authorized, Ctx, Field, Float, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { GraphQLByte } from 'graphql-scalars';
import { Public, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Move } from '../moves/move.entity.js';
import { Role } from '../users/role.js';
import { Video, VideoCollection } from './video.entity.js';
import {
  SharedVideo,
  VideoCollectionInput,
  VideoInput,
  VideoLibrary,
  VideoLibraryArgs,
  VideoSharingInput,
  VideoView,
} from './videos.types.js';

@ObjectType({ description: 'A collection as an admin edits it' })
class VideoCollectionAdmin {
  @Field(() => VideoCollection) collection: VideoCollection;
  @Field(() => [ID], { description: 'Its videos, in order' }) videoIds: string[];
}

@Resolver()
export class VideoResolver {
  @Authorized()
  @Scope('studio:read')
  @Query(() => VideoLibrary, { description: 'The video library as the signed-in viewer sees it' })
  videoLibrary(@Args() args: VideoLibraryArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<VideoLibrary> {
    return ctx.services.videos.library(ctx.em, user, args);
  }

  @Authorized()
  @Scope('studio:read')
  @Query(() => VideoView, { description: 'One video for the player, with a short-lived signed address when it may play' })
  video(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<VideoView> {
    return ctx.services.videos.view(ctx.em, user, id);
  }

  @Public()
  @Scope('studio:read')
  @Query(() => SharedVideo, {
    nullable: true,
    description: "A shared video's public page (counts a view); null unless sharing is on, unexpired and not revoked",
  })
  sharedVideo(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<SharedVideo | null> {
    return ctx.services.videos.openShare(ctx.em, id);
  }

  @Authorized()
  @Scope('studio:write')
  @Mutation(() => Float, { description: 'Saves where the viewer is in a video (the player calls it every few seconds)' })
  saveVideoPosition(
    @Arg('videoId', () => ID) videoId: string,
    @Arg('seconds', () => Float) seconds: number,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<number> {
    return ctx.services.videos.savePosition(ctx.em, user, videoId, seconds);
  }

  @Authorized(Role.admin)
  @Scope('studio:read')
  @Query(() => [Video], { description: 'Every library video, newest first (admins)' })
  adminVideos(@Ctx() ctx: Context): Promise<Video[]> {
    return ctx.services.videos.adminList(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Video, { description: 'Creates a library video; its file is uploaded next, with tus to /api/uploads/videos' })
  createVideo(@Arg('input') input: VideoInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Video> {
    return ctx.services.videos.create(ctx.em, user, input);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Video)
  updateVideo(@Arg('id', () => ID) id: string, @Arg('input') input: VideoInput, @Ctx() ctx: Context): Promise<Video> {
    return ctx.services.videos.update(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Boolean, { description: 'Deletes a video and its files' })
  deleteVideo(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.videos.remove(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Video, {
    description:
      "Sets a video's poster: a JPEG, PNG or WebP image of at most 5 MB (base64), stored as WebP scaled to fit 1280 px. " +
      'Browsers upload the file itself with PUT /api/videos/{id}/poster. Without one, a frame is taken after upload (ffmpeg).',
  })
  setVideoPoster(
    @Arg('videoId', () => ID) videoId: string,
    @Arg('image', () => GraphQLByte) image: Buffer,
    @Ctx() ctx: Context,
  ): Promise<Video> {
    return ctx.services.videos.setPoster(ctx.em, videoId, image);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Video, { description: "Removes a video's poster" })
  removeVideoPoster(@Arg('videoId', () => ID) videoId: string, @Ctx() ctx: Context): Promise<Video> {
    return ctx.services.videos.removePoster(ctx.em, videoId);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Video, { description: 'Turns the public page /video/:id on or off, with an optional expiry' })
  setVideoSharing(@Arg('id', () => ID) id: string, @Arg('input') input: VideoSharingInput, @Ctx() ctx: Context): Promise<Video> {
    return ctx.services.videos.setSharing(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Video, { description: 'Closes the public page and every address it handed out, at once' })
  revokeVideoShare(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Video> {
    return ctx.services.videos.revokeShare(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('studio:read')
  @Query(() => [VideoCollectionAdmin], { description: 'The collections with their videos in order (admins)' })
  videoCollections(@Ctx() ctx: Context): Promise<VideoCollectionAdmin[]> {
    return ctx.services.videos.collections(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => VideoCollection, { description: 'Creates or changes a collection and its order' })
  saveVideoCollection(@Arg('input') input: VideoCollectionInput, @Ctx() ctx: Context): Promise<VideoCollection> {
    return ctx.services.videos.saveCollection(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => Boolean)
  deleteVideoCollection(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.videos.deleteCollection(ctx.em, id);
  }
}

@Resolver(() => Video)
export class VideoFieldsResolver {
  @FieldResolver(() => String, { nullable: true, description: 'Its poster, at an address signed for the viewer' })
  posterUrl(@Root() video: Video, @CurrentUser() user: Viewer, @Ctx() ctx: Context): string | null {
    return ctx.services.videos.posterUrl(video, user.id);
  }

  @FieldResolver(() => [Move], { description: 'The moves it teaches or shows' })
  async moves(@Root() video: Video, @Ctx() ctx: Context): Promise<Move[]> {
    const moves = await Promise.all(video.moveIds.map((id) => ctx.loaders.load(Move, ctx.em.getReference(Move, id))));
    return moves.filter((m): m is Move => Boolean(m));
  }
}
