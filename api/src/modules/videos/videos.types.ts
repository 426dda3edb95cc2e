import {
  MAX_COLLECTION_VIDEOS,
  MAX_VIDEO_MOVES,
  videoAccess,
  videoCollectionTitle,
  videoDescription,
  videoSearch,
  videoTitle,
} from '@studio/rules';
import { ArrayMaxSize, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Rule } from '../../common/validators.js';
import { Move } from '../moves/move.entity.js';
import { SignOffRequest } from '../moves/move-progress.entity.js';
import { StudentMove } from '../moves/move.types.js';
import { Video, VideoAccess, VideoProcessing } from './video.entity.js';

@InputType({ description: "A library video's details (its file is uploaded afterwards, to /api/uploads/videos)" })
export class VideoInput {
  @Field() @Rule(videoTitle) title: string;
  @Field({ defaultValue: '' }) @Rule(videoDescription) description: string = '';
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() apparatusId?: string | null;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(1) @Max(10) level?: number | null;
  @Field(() => [ID], { defaultValue: [] }) @ArrayMaxSize(MAX_VIDEO_MOVES) @IsUUID('all', { each: true }) moveIds: string[];
  @Field(() => VideoAccess, { defaultValue: VideoAccess.members }) @Rule(videoAccess) access: VideoAccess = VideoAccess.members;
  @Field(() => [ID], { defaultValue: [] }) @ArrayMaxSize(50) @IsUUID('all', { each: true }) planIds: string[];
  @Field({ defaultValue: false }) unlockedByPrerequisites: boolean = false;
}

@ArgsType()
export class VideoLibraryArgs {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() apparatusId?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(1) @Max(10) level?: number;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() moveId?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(videoSearch) search?: string;
}

@ObjectType({ description: 'A video as one viewer sees it in the library' })
export class VideoCard {
  @Field(() => Video) video: Video;
  @Field({ description: 'Its prerequisite moves are not all signed off for the viewer yet' }) locked: boolean;
  @Field(() => String, { nullable: true, description: 'Poster image (a signed address)' }) posterUrl: string | null;
  @Field(() => Float, { nullable: true, description: 'Where the viewer stopped' }) positionSeconds: number | null;
}

@ObjectType({ description: 'An ordered series of videos, as one viewer sees it' })
export class VideoCollectionView {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field() description: string;
  @Field(() => [VideoCard]) videos: VideoCard[];
}

@ObjectType()
export class VideoLibrary {
  @Field(() => [VideoCard]) videos: VideoCard[];
  @Field(() => [VideoCard], { description: 'Started and not finished, latest first' }) continueWatching: VideoCard[];
  @Field(() => [VideoCollectionView]) collections: VideoCollectionView[];
}

@ObjectType({ description: 'One video for the player: where it plays from, or what unlocks it' })
export class VideoView {
  @Field(() => Video) video: Video;
  @Field() locked: boolean;
  @Field(() => [Move], { description: 'The moves to be signed off before it unlocks (when locked)' }) unlockedBy: Move[];
  @Field(() => String, { nullable: true, description: 'A short-lived signed address for <video> (null while locked)' })
  playbackUrl: string | null;
  @Field(() => String, { nullable: true }) posterUrl: string | null;
  @Field(() => Date, { nullable: true, description: 'When playbackUrl stops working: ask again before' }) playbackExpiresAt: Date | null;
  @Field(() => Float, { nullable: true }) positionSeconds: number | null;
  @Field(() => [StudentMove], { description: "Its moves with the viewer's state on each" }) moves: StudentMove[];
}

@InputType()
export class VideoSharingInput {
  @Field() sharing: boolean;
  @Field(() => Date, { nullable: true, description: 'The public page closes at this moment (null: no end)' })
  @IsOptional()
  expiresAt?: Date | null;
}

@InputType()
export class VideoCollectionInput {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() id?: string;
  @Field() @Rule(videoCollectionTitle) title: string;
  @Field({ defaultValue: '' }) @Rule(videoDescription) description: string = '';
  @Field(() => [ID], { description: 'In order' })
  @ArrayMaxSize(MAX_COLLECTION_VIDEOS, { message: `At most ${MAX_COLLECTION_VIDEOS} videos in a collection.` })
  @IsUUID('all', { each: true })
  videoIds: string[];
}

@ObjectType({ description: "A shared video's public page: what anyone may see while sharing is on" })
export class SharedVideo {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field() description: string;
  @Field(() => String, { description: 'A short-lived signed address for <video>' }) playbackUrl: string;
  @Field(() => String, { nullable: true }) posterUrl: string | null;
  @Field(() => Float, { nullable: true }) durationSeconds: number | null;
}

@ObjectType({ description: "A sign-off request's clip of the attempt, as the viewer sees it" })
export class EvidenceClip {
  @Field(() => ID) id: string;
  @Field(() => VideoProcessing) processing: VideoProcessing;
  @Field(() => Int, { nullable: true, description: 'Percent done while processing' }) processingProgress: number | null;
  @Field(() => Float, { nullable: true }) durationSeconds: number | null;
  @Field(() => String, {
    nullable: true,
    description: 'A short-lived signed address for `<video>`: only for the student, their parent and staff, once uploaded',
  })
  playbackUrl: string | null;
  @Field(() => String, { nullable: true }) posterUrl: string | null;
}

@ObjectType({ description: 'An evidence clip made ready for its file: upload it with tus, naming the video in the metadata' })
export class EvidenceClipUpload {
  @Field(() => ID, { description: 'The `videoId` to send in the tus metadata' }) videoId: string;
  @Field({ description: 'The tus endpoint' }) uploadUrl: string;
  @Field(() => Float, { description: 'The largest file it takes, in bytes' }) maxBytes: number;
  @Field(() => SignOffRequest) request: SignOffRequest;
}

@ArgsType()
export class EvidenceClipArgs {
  @Field(() => ID) requestId: string;
  @Field(() => Float, { nullable: true, description: "The file's size in bytes, to refuse one too large before it is sent" })
  @IsOptional()
  @Min(1)
  size?: number;
}
