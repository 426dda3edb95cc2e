import { Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Public } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { Parent } from '../../graphql/parent.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import { SignWaiversArgs, SignWaiversPayload, UnsignedUserPage, WaiverListArgs, WaiverSignaturePage } from './waiver.types.js';

@Resolver(() => WaiverSignature)
export class WaiverResolver {
  @Public()
  @Query(() => WaiverDocument, { description: 'The current waiver text, document id and last-updated date' })
  waiverDocument(@Ctx() ctx: Context): Promise<WaiverDocument> {
    return ctx.services.waivers.currentDocument(ctx.em);
  }

  @Authorized()
  @Mutation(() => SignWaiversPayload, {
    description: 'Signs the current waiver for the caller and/or minors in their family, all or nothing',
  })
  async signWaivers(@Args() { userIds }: SignWaiversArgs, @Ctx() ctx: Context): Promise<SignWaiversPayload> {
    const signatures = await ctx.services.waivers.sign(ctx.em, ctx.user!, userIds, { ip: ctx.ip, userAgent: ctx.userAgent });
    ctx.loaders.waiverSigned.clearAll();
    return { signatures, user: ctx.user! };
  }

  @Authorized(Role.admin)
  @Query(() => WaiverSignaturePage, { description: 'Every signature, newest first' })
  async waiverSignatures(@Args() args: WaiverListArgs, @Ctx() ctx: Context): Promise<WaiverSignaturePage> {
    const { items, total } = await ctx.services.waivers.signatures(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Query(() => UnsignedUserPage, { description: 'Active people without a signature for the current waiver version' })
  async usersWithoutWaiver(@Args() args: WaiverListArgs, @Ctx() ctx: Context): Promise<UnsignedUserPage> {
    const { items, total } = await ctx.services.waivers.usersWithoutSignature(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @FieldResolver(() => String)
  documentId(@Parent() signature: WaiverSignature): string {
    return signature.document.documentId;
  }

  @FieldResolver(() => Int)
  documentVersion(@Parent() signature: WaiverSignature): number {
    return signature.document.version;
  }
}

/** What every User shows of the waiver. */
@Resolver(() => User)
export class UserWaiverResolver {
  @FieldResolver(() => Boolean, { description: 'True when a signature for the current waiver version exists' })
  waiverSigned(@Parent() user: User, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.waiverSigned.load(user.id);
  }
}
