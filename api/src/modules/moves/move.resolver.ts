import { GraphQLByte } from 'graphql-scalars';
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { unauthenticated } from '../../graphql/errors.js';
import { liveFeed, unwrapLive, type LiveResult } from '../../graphql/live.js';
import { Parent } from '../../graphql/parent.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { ClassMoveRequirement, MoveOverride, MoveSettings } from './move-gate.entity.js';
import { LevelPlacement, SignOffRequest } from './move-progress.entity.js';
import { moveImagePath } from './move-image.js';
import { Move, MoveLevel } from './move.entity.js';
import { assertMayFollowMoves } from './move.policy.js';
import {
  ArchiveMovesArgs,
  ClassMoveGrid,
  ClassRequirementInput,
  CsvImportArgs,
  CsvImportReport,
  MoveAttemptInput,
  MoveCatalogue,
  MoveChangeResult,
  MoveInput,
  MoveLevelInput,
  MoveListArgs,
  MoveNoteInput,
  MovePage,
  MoveSettingsInput,
  MovesLevelArgs,
  MoveStateInput,
  OverrideArgs,
  PlacementArgs,
  RequirementCheck,
  RequirementCheckArgs,
  SignOffDecisionArgs,
  SignOffRequestArgs,
  StudentArgs,
  StudentMoves,
} from './move.types.js';
import { Scope } from '../../graphql/access.js';

const STAFF = [Role.admin, Role.instructor, Role.teacher];

/**
 * A student's moves, live: first the current state, then again after every change from any device or API instance
 * (a state, an attempt, a sign-off), each read with the viewer's own rules.
 */
async function movesChanges(ctx: Context, { studentId }: StudentArgs): Promise<AsyncIterable<LiveResult<StudentMoves>>> {
  if (!ctx.user) throw unauthenticated();
  const key = studentId ?? ctx.user.id;
  if (key !== ctx.user.id) {
    assertMayFollowMoves(ctx.user, await ctx.em.findOne(User, { id: key }, { populate: ['guardian'] }));
  }
  return liveFeed(ctx, 'MOVES_CHANGED', key, (viewer) => viewer.services.moves.studentMoves(viewer.em, viewer.user, key));
}

@Resolver()
export class MoveResolver {
  // ── the catalogue ──

  @Authorized()
  @Scope('moves:read')
  @Query(() => [MoveCatalogue], { description: 'Every apparatus with its moves (not archived) and its levels' })
  moveCatalogue(@Ctx() ctx: Context): Promise<MoveCatalogue[]> {
    return ctx.services.moves.admin.catalogue(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('moves:read')
  @Query(() => MovePage, { description: 'The moves table: filter by apparatus and level, search names and aliases, sort, page' })
  adminMoves(@Args() args: MoveListArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MovePage> {
    return ctx.services.moves.admin.list(ctx.em, user, args);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => Move, { description: 'Adds a move (no id) or edits one' })
  saveMove(@Arg('input') input: MoveInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Move> {
    return ctx.services.moves.admin.save(ctx.em, user, input);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => [Move], { description: 'Archives moves (their history stays) or brings them back' })
  archiveMoves(@Args() { moveIds, archived }: ArchiveMovesArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Move[]> {
    return ctx.services.moves.admin.archive(ctx.em, user, moveIds, archived);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => [Move], { description: 'Moves several moves to one level' })
  setMovesLevel(@Args() { moveIds, level }: MovesLevelArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Move[]> {
    return ctx.services.moves.admin.setLevel(ctx.em, user, moveIds, level);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => MoveLevel, { description: 'Defines a level of an apparatus: its required moves and clearance rule' })
  saveMoveLevel(@Arg('input') input: MoveLevelInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MoveLevel> {
    return ctx.services.moves.admin.saveLevel(ctx.em, user, input);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => CsvImportReport, { description: 'Imports moves from CSV (apparatus, move, level, aliases, …); dryRun only reports' })
  importMoves(@Args() { csv, dryRun }: CsvImportArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<CsvImportReport> {
    return ctx.services.moves.admin.importMoves(ctx.em, user, csv, dryRun);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => CsvImportReport, {
    description:
      "Imports students' levels and signed-off moves (username or email, apparatus, level, signed_off) as placements; dryRun only reports",
  })
  importMovePlacements(@Args() { csv, dryRun }: CsvImportArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<CsvImportReport> {
    return ctx.services.moves.admin.importPlacements(ctx.em, user, csv, dryRun);
  }

  @Authorized()
  @Scope('moves:read')
  @Query(() => MoveSettings, { description: 'How the studio tracks moves' })
  moveSettings(@Ctx() ctx: Context): Promise<MoveSettings> {
    return ctx.services.moves.settings(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => MoveSettings, { description: 'Changes how the studio tracks moves' })
  updateMoveSettings(@Arg('input') input: MoveSettingsInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MoveSettings> {
    return ctx.services.moves.updateSettings(ctx.em, user, input);
  }

  // ── a student's progress ──

  @Authorized()
  @Scope('moves:read')
  @Query(() => StudentMoves, { description: "Your moves, or your child's (staff: anyone's): levels, states, what is next, history" })
  studentMoves(@Args() { studentId }: StudentArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<StudentMoves> {
    return ctx.services.moves.studentMoves(ctx.em, user, studentId);
  }

  @Authorized()
  @Scope('moves:read')
  @Subscription(() => StudentMoves, {
    description: "Live: a student's moves, first as they are, then after every change (a sign-off reaches the open /moves page)",
    subscribe: ({ args, context }) => movesChanges(context as Context, args as StudentArgs),
  })
  studentMovesChanged(@Parent() change: LiveResult<StudentMoves>, @Args() _args: StudentArgs): StudentMoves {
    return unwrapLive(change);
  }

  @Authorized()
  @Scope('moves:write')
  @Mutation(() => MoveChangeResult, {
    description:
      'Sets the state of a move (students up to solid; staff sign off, or take back with a note); an operationId sent again is applied once',
  })
  setMoveState(@Arg('input') input: MoveStateInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MoveChangeResult> {
    return ctx.services.moves.setState(ctx.em, user, input);
  }

  @Authorized(...STAFF)
  @Scope('moves:write')
  @Mutation(() => MoveChangeResult, { description: "Records today's clean reps; the move is signed off once its clearance rule is met" })
  recordMoveAttempt(@Arg('input') input: MoveAttemptInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MoveChangeResult> {
    return ctx.services.moves.recordAttempt(ctx.em, user, input);
  }

  @Authorized()
  @Scope('moves:write')
  @Mutation(() => MoveChangeResult, { description: "A note on a student's move from the student, their parent or staff" })
  addMoveNote(@Arg('input') input: MoveNoteInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MoveChangeResult> {
    return ctx.services.moves.addNote(ctx.em, user, input);
  }

  @Authorized()
  @Scope('moves:write')
  @Mutation(() => MoveChangeResult, { description: 'Asks an instructor to sign a move off' })
  requestMoveSignOff(@Args() args: SignOffRequestArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MoveChangeResult> {
    return ctx.services.moves.requestSignOff(ctx.em, user, args);
  }

  @Authorized()
  @Scope('moves:read')
  @Query(() => [SignOffRequest], { description: "A student's sign-off requests, open and answered, newest first (left out: yourself)" })
  studentSignOffRequests(@Args() { studentId }: StudentArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<SignOffRequest[]> {
    return ctx.services.moves.requestsOf(ctx.em, user, studentId);
  }

  @Authorized(...STAFF)
  @Scope('moves:write')
  @Mutation(() => SignOffRequest, { description: 'Signs the requested move off (as a staff sign-off does) and closes the request' })
  approveMoveSignOff(@Args() args: SignOffDecisionArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<SignOffRequest> {
    return ctx.services.moves.approveSignOff(ctx.em, user, args);
  }

  @Authorized(...STAFF)
  @Scope('moves:write')
  @Mutation(() => SignOffRequest, { description: 'Turns a sign-off request down with a note to the student, closing it' })
  rejectMoveSignOff(@Args() args: SignOffDecisionArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<SignOffRequest> {
    return ctx.services.moves.rejectSignOff(ctx.em, user, args);
  }

  @Authorized(...STAFF)
  @Scope('moves:read')
  @Query(() => [SignOffRequest], { description: 'Open sign-off requests, oldest first' })
  moveSignOffRequests(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<SignOffRequest[]> {
    return ctx.services.moves.openRequests(ctx.em, user);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => LevelPlacement, { description: 'Places a student at a level of an apparatus (kept in their history)' })
  placeAtLevel(@Args() args: PlacementArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<LevelPlacement> {
    return ctx.services.moves.place(ctx.em, user, args);
  }

  @Authorized(...STAFF)
  @Scope('moves:read')
  @Query(() => ClassMoveGrid, { description: "A class's students × the moves of its level, with open sign-off requests" })
  classMoveGrid(
    @Arg('classInstanceId', () => ID) classInstanceId: string,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ClassMoveGrid> {
    return ctx.services.moves.classGrid(ctx.em, user, classInstanceId);
  }

  // ── booking gated on moves ──

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => ClassMoveRequirement, { nullable: true, description: 'Sets the level and moves a class type requires (neither: none)' })
  setClassMoveRequirement(
    @Arg('input') input: ClassRequirementInput,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ClassMoveRequirement | null> {
    return ctx.services.moves.setClassRequirement(ctx.em, user, input);
  }

  @Authorized()
  @Scope('moves:read')
  @Query(() => ClassMoveRequirement, { nullable: true, description: 'The level and moves a class type requires; null: none' })
  classMoveRequirement(@Arg('classTypeId', () => ID) classTypeId: string, @Ctx() ctx: Context): Promise<ClassMoveRequirement | null> {
    return ctx.services.moves.classRequirement(ctx.em, classTypeId);
  }

  @Authorized()
  @Scope('moves:read')
  @Query(() => RequirementCheck, { description: "Whether you (or your child; staff: anyone) meet a class's move requirement" })
  classRequirementCheck(
    @Args() { classInstanceId, attendeeId }: RequirementCheckArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<RequirementCheck> {
    return ctx.services.moves.checkFor(ctx.em, user, classInstanceId, attendeeId);
  }

  @Authorized(...STAFF)
  @Scope('moves:write')
  @Mutation(() => MoveOverride, {
    description: 'Lets an attendee into one class, or every class until a date, despite its move requirement',
  })
  grantMoveOverride(@Args() args: OverrideArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MoveOverride> {
    return ctx.services.moves.grantOverride(ctx.em, user, args);
  }
}

/** A move's picture: its address on every Move, and the admin's upload and removal. */
@Resolver(() => Move)
export class MoveImageResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'Path of its picture (GET, no sign-in; a new path whenever it changes); null when it has none',
  })
  imageUrl(@Parent() move: Move): string | null {
    return moveImagePath(move);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => Move, {
    description:
      "Sets a move's picture: a JPEG, PNG or WebP image of at most 5 MB (base64), stored as WebP scaled to fit 960 px. " +
      'Browsers upload the file itself with PUT /api/moves/{id}/image.',
  })
  setMoveImage(
    @Arg('moveId', () => ID) moveId: string,
    @Arg('image', () => GraphQLByte) image: Buffer,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<Move> {
    return ctx.services.moves.images.set(ctx.em, user, moveId, image);
  }

  @Authorized(Role.admin)
  @Scope('moves:write')
  @Mutation(() => Move, { description: "Removes a move's picture" })
  removeMoveImage(@Arg('moveId', () => ID) moveId: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Move> {
    return ctx.services.moves.images.remove(ctx.em, user, moveId);
  }
}
