import { Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PersonalData, Public, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { RendersDocument } from '../../graphql/cost.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import {
  PublishWaiverVersionArgs,
  RemindMissingWaiversArgs,
  SignedWaiverPdf,
  SignWaiversArgs,
  SignWaiversPayload,
  UnsignedUserPage,
  WaiverListArgs,
  WaiverReminderResult,
  WaiverSignatureArgs,
  WaiverSignaturePage,
  WaiverStatusArgs,
  WaiverStatusPage,
} from './waiver.types.js';

/** Where the PDF copy of a signature downloads (the REST facade serves it). */
export const signaturePdfPath = (id: string) => `/api/waivers/signatures/${id}.pdf`;

@Resolver(() => WaiverSignature)
export class WaiverResolver {
  @Public()
  @Scope('members:read')
  @Query(() => WaiverDocument, { description: 'The current waiver text, document id and last-updated date' })
  waiverDocument(@Ctx() ctx: Context): Promise<WaiverDocument> {
    return ctx.services.waivers.currentDocument(ctx.em);
  }

  @Authorized()
  @Scope('members:write')
  @Mutation(() => SignWaiversPayload, {
    description: 'Signs the current waiver for the caller and/or minors in their family, all or nothing',
  })
  async signWaivers(
    @Args() { userIds, signature }: SignWaiversArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<SignWaiversPayload> {
    const meta = { ip: ctx.ip, userAgent: ctx.userAgent };
    const signatures = await ctx.services.waivers.sign(ctx.em, user, userIds, meta, signature ?? null);
    ctx.loaders.waiverSigned.clearAll();
    return { signatures, user };
  }

  @Authorized()
  @Scope('members:read')
  @Query(() => [WaiverSignature], {
    description: "The caller's signatures: their own, those they signed, and their family's; newest first (up to 100)",
  })
  myWaiverSignatures(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<WaiverSignature[]> {
    return ctx.services.waivers.signaturesOf(ctx.em, user);
  }

  @Authorized()
  @Scope('members:read')
  @Query(() => WaiverSignature, { description: 'One signature: for the signer, the person it covers, their guardian and admins' })
  waiverSignature(@Args() { id }: WaiverSignatureArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<WaiverSignature> {
    return ctx.services.waivers.signature(ctx.em, user, id);
  }

  @Authorized()
  @Scope('members:read')
  @PersonalData()
  @RendersDocument()
  @Query(() => SignedWaiverPdf, { description: 'The PDF copy of one signature (same access as waiverSignature)' })
  async waiverSignaturePdf(
    @Args() { id }: WaiverSignatureArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<SignedWaiverPdf> {
    const { filename, content } = await ctx.services.waivers.signedCopy(ctx.em, user, id);
    return { filename, contentBase64: content.toString('base64') };
  }

  @Authorized(Role.admin)
  @Scope('members:read')
  @Query(() => WaiverSignaturePage, { description: 'Every signature, newest first' })
  async waiverSignatures(@Args() args: WaiverListArgs, @Ctx() ctx: Context): Promise<WaiverSignaturePage> {
    const { items, total } = await ctx.services.waivers.signatures(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('members:read')
  @Query(() => UnsignedUserPage, { description: 'Active people without a signature for the current waiver version' })
  async usersWithoutWaiver(@Args() args: WaiverListArgs, @Ctx() ctx: Context): Promise<UnsignedUserPage> {
    const { items, total } = await ctx.services.waivers.standing.usersWithoutSignature(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('members:read')
  @Query(() => [WaiverDocument], { description: 'Every published waiver version, newest (the current one) first' })
  waiverVersions(@Ctx() ctx: Context): Promise<WaiverDocument[]> {
    return ctx.services.waivers.versions(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => WaiverDocument, {
    description: 'Publishes a new waiver version: it becomes the current one, and everyone signs it before their next booking',
  })
  publishWaiverVersion(
    @Args() { input }: PublishWaiverVersionArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<WaiverDocument> {
    ctx.loaders.waiverSigned.clearAll();
    return ctx.services.waivers.publish(ctx.em, user, input);
  }

  @Authorized(Role.admin)
  @Scope('members:read')
  @Query(() => WaiverStatusPage, {
    description: 'Every active person (minors too) and where they stand with the current version, by name; with counts per standing',
  })
  async waiverStatuses(@Args() args: WaiverStatusArgs, @Ctx() ctx: Context): Promise<WaiverStatusPage> {
    const { items, total, counts } = await ctx.services.waivers.standing.statuses(ctx.em, args);
    return { items, total, counts, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => WaiverReminderResult, {
    description:
      'Emails the people the filters match who have not signed the current version (minors through their parent), each at most once a day',
  })
  remindMissingWaivers(@Args() args: RemindMissingWaiversArgs, @Ctx() ctx: Context): Promise<WaiverReminderResult> {
    return ctx.services.waivers.standing.remindMissing(ctx.em, args);
  }

  @FieldResolver(() => String)
  documentId(@Parent() signature: WaiverSignature): string {
    return signature.document.documentId;
  }

  @FieldResolver(() => Int)
  documentVersion(@Parent() signature: WaiverSignature): number {
    return signature.document.version;
  }

  @FieldResolver(() => String, { description: 'The title of the waiver version signed' })
  documentTitle(@Parent() signature: WaiverSignature): string {
    return signature.document.title;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The drawn signature as a PNG data URL (at most 20,000 characters), or null when none was drawn',
  })
  drawing(@Parent() signature: WaiverSignature, @Ctx() ctx: Context): Promise<string | null> | null {
    return signature.hasDrawing ? ctx.loaders.signatureDrawing.load(signature.id) : null;
  }

  @FieldResolver(() => String, { description: 'Where the PDF copy downloads (GET, with the bearer token)' })
  pdfUrl(@Parent() signature: WaiverSignature): string {
    return signaturePdfPath(signature.id);
  }
}

/** What every User shows of the waiver. */
@Resolver(() => User)
export class UserWaiverResolver {
  @FieldResolver(() => Boolean, { description: 'True when a signature for the current waiver version exists' })
  waiverSigned(@Parent() user: User, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.waiverSigned.load(user.id);
  }

  @Authorized(Role.admin)
  @FieldResolver(() => [WaiverSignature], {
    description: "Signatures of this person's own, those they signed and their family's, newest first (up to 100; admins)",
  })
  waiverSignatures(@Parent() user: User, @Ctx() ctx: Context): Promise<WaiverSignature[]> {
    return ctx.services.waivers.signaturesOf(ctx.em, user);
  }
}
