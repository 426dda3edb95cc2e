import { BigIntType, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { SignOffRequest } from '../moves/move-progress.entity.js';
import { User } from '../users/user.entity.js';

/** Who may watch a video of the library. */
export enum VideoAccess {
  members = 'members',
  plans = 'plans',
  staff = 'staff',
  public = 'public',
}
registerEnumType(VideoAccess, {
  name: 'VideoAccess',
  description: 'Who may watch a video',
  valuesConfig: {
    members: { description: 'Every signed-in member' },
    plans: { description: 'Members on one of the chosen membership plans (and staff)' },
    staff: { description: 'Staff only' },
    public: { description: 'Anyone, signed in or not' },
  },
});

/** What a video is for: the studio's library, or a student's clip of an attempt attached to a sign-off request. */
export enum VideoPurpose {
  library = 'library',
  evidence = 'evidence',
}
registerEnumType(VideoPurpose, { name: 'VideoPurpose' });

/** Where a video's file stands. */
export enum VideoProcessing {
  /** Created, its file not uploaded yet. */
  awaiting_upload = 'awaiting_upload',
  /** Being rewritten for fast start or converted to H.264/AAC MP4. */
  processing = 'processing',
  ready = 'ready',
  failed = 'failed',
}
registerEnumType(VideoProcessing, { name: 'VideoProcessing' });

/**
 * A video: a tutorial or show clip of the library, or a student's evidence clip. Its file and poster live in the
 * core storage; `<video>` plays it from a short-lived signed address (videos/playback.ts). Sharing puts it on a
 * public page /video/:id while on, not expired and not revoked.
 */
@ObjectType({ description: 'A video of the library, or an evidence clip' })
@Entity()
@Index({ properties: ['purpose', 'createdAt'] })
export class Video {
  [OptionalProps]?:
    | 'description'
    | 'apparatus'
    | 'level'
    | 'moveIds'
    | 'access'
    | 'planIds'
    | 'unlockedByPrerequisites'
    | 'purpose'
    | 'owner'
    | 'signOffRequest'
    | 'fileKey'
    | 'posterKey'
    | 'size'
    | 'contentType'
    | 'durationSeconds'
    | 'width'
    | 'height'
    | 'playableEverywhere'
    | 'processing'
    | 'processingProgress'
    | 'processingError'
    | 'sharing'
    | 'shareExpiresAt'
    | 'shareRevokedAt'
    | 'shareViews'
    | 'createdAt'
    | 'updatedAt'
    | 'createdBy';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 150 }) title: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field(() => Apparatus, { nullable: true })
  @Relation()
  @ManyToOne(() => Apparatus, { nullable: true, deleteRule: 'set null' })
  apparatus: Apparatus | null = null;
  @Field(() => Int, { nullable: true }) @Property({ type: types.integer, nullable: true }) level: number | null = null;
  @Field(() => [ID], { description: 'The moves it teaches or shows' })
  @Property({ type: types.array, default: '{}' })
  moveIds: string[] = [];
  @Field(() => VideoAccess)
  @Enum({ items: () => VideoAccess, nativeEnumName: 'video_access', default: VideoAccess.members })
  access: VideoAccess = VideoAccess.members;
  @Field(() => [ID], { description: 'With access `plans`: the membership plans whose members may watch it' })
  @Property({ type: types.array, default: '{}' })
  planIds: string[] = [];
  @Field({ description: 'Locked for a viewer until every prerequisite of its moves is signed off for them' })
  @Property({ default: false })
  unlockedByPrerequisites: boolean = false;
  @Field(() => VideoPurpose)
  @Enum({ items: () => VideoPurpose, nativeEnumName: 'video_purpose', default: VideoPurpose.library })
  purpose: VideoPurpose = VideoPurpose.library;
  /** An evidence clip's student (who filmed the attempt). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'cascade' }) owner: User | null = null;
  /** An evidence clip's sign-off request. */
  @Field(() => ID, { nullable: true })
  @ManyToOne(() => SignOffRequest, { nullable: true, deleteRule: 'cascade', mapToPk: true, index: true })
  signOffRequest: string | null = null;
  /** The file and the poster in the core storage. */
  @Property({ length: 300, nullable: true }) fileKey: string | null = null;
  @Property({ length: 300, nullable: true }) posterKey: string | null = null;
  @Field(() => Float, { description: 'Bytes' }) @Property({ type: new BigIntType('number'), default: 0 }) size: number = 0;
  @Field(() => String, { nullable: true }) @Property({ length: 100, nullable: true }) contentType: string | null = null;
  @Field(() => Float, { nullable: true }) @Property({ type: types.double, nullable: true }) durationSeconds: number | null = null;
  @Field(() => Int, { nullable: true }) @Property({ type: types.integer, nullable: true }) width: number | null = null;
  @Field(() => Int, { nullable: true }) @Property({ type: types.integer, nullable: true }) height: number | null = null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'H.264/AAC (or VP8/VP9 WebM) with its index first: plays in every browser. null: not known (no transcoder)',
  })
  @Property({ type: types.boolean, nullable: true })
  playableEverywhere: boolean | null = null;
  @Field(() => VideoProcessing)
  @Enum({ items: () => VideoProcessing, nativeEnumName: 'video_processing', default: VideoProcessing.awaiting_upload })
  processing: VideoProcessing = VideoProcessing.awaiting_upload;
  @Field(() => Int, { nullable: true, description: 'Percent done while processing' })
  @Property({ type: types.integer, nullable: true })
  processingProgress: number | null = null;
  @Field(() => String, { nullable: true }) @Property({ type: types.text, nullable: true }) processingError: string | null = null;
  @Field({ description: 'Shared on its public page' }) @Property({ default: false }) sharing: boolean = false;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) shareExpiresAt: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) shareRevokedAt: Date | null = null;
  @Field(() => Int, { description: 'Views of its public page' }) @Property({ default: 0 }) shareViews: number = 0;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date = new Date();
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) createdBy: User | null = null;

  /** Whether its public page is open now. */
  sharedNow(now = new Date()): boolean {
    return this.sharing && !this.shareRevokedAt && (!this.shareExpiresAt || this.shareExpiresAt > now) && this.watchable();
  }

  /** Whether its file may be played: uploaded, and while a job processes it (or after one failed), as uploaded. */
  watchable(): boolean {
    return this.fileKey !== null && this.processing !== VideoProcessing.awaiting_upload;
  }
}

/** An ordered series of videos made by an admin ("Lyra 1 in six lessons"). */
@ObjectType({ description: 'An ordered series of videos' })
@Entity()
export class VideoCollection {
  [OptionalProps]?: 'description' | 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 120 }) title: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/** A video's place in a collection. */
@Entity()
@Unique({ properties: ['collection', 'video'] })
export class VideoCollectionItem {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => VideoCollection, { deleteRule: 'cascade', index: true }) collection: VideoCollection;
  @ManyToOne(() => Video, { deleteRule: 'cascade', index: true }) video: Video;
  @Property() position: number;
}

/** Where a viewer stopped watching a video ("continue watching", the resume prompt). */
@Entity()
@Unique({ properties: ['user', 'video'] })
@Index({ properties: ['user', 'updatedAt'] })
export class VideoWatch {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) user: User;
  @ManyToOne(() => Video, { deleteRule: 'cascade', index: true }) video: Video;
  @Property({ type: types.double }) positionSeconds: number;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) updatedAt: Date = new Date();
}
