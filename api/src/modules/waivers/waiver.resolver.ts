import { ArrayMaxSize, IsOptional, IsUUID, MaxLength } from 'class-validator';
import { Args, ArgsType, Authorized, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { likePattern, offsetOf, PageArgs, Paginated } from '../../common/paging.js';
import { Public } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { Parent } from '../../graphql/parent.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';

@ObjectType()
export class SignWaiversPayload {
  @Field(() => [WaiverSignature], { description: 'New signatures (people who had already signed are not signed twice)' })
  signatures: WaiverSignature[];
  @Field(() => User, { description: 'The signer, with waiverSigned refreshed' })
  user: User;
}

@ObjectType()
export class WaiverSignaturePage extends Paginated(WaiverSignature) {}
@ObjectType()
export class UnsignedUserPage extends Paginated(User) {}

@ArgsType()
class SignWaiversArgs {
  @Field(() => [ID], { description: 'The caller and/or minors in their family' })
  @ArrayMaxSize(20, { message: 'At most 20 people can be signed for at once.' })
  @IsUUID('all', { each: true, message: 'Unknown person.' })
  userIds: string[];
}

@ArgsType()
class WaiverListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches the name or username of the person' }) @IsOptional() @MaxLength(100) search?: string;
}

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
    const where = args.search?.trim() ? { signedFor: personMatches(args.search) } : {};
    const [items, total] = await ctx.em.findAndCount(WaiverSignature, where, {
      populate: ['signedFor', 'signedBy', 'document'],
      orderBy: { signedAt: 'desc', id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Query(() => UnsignedUserPage, { description: 'Active people without a signature for the current waiver version' })
  async usersWithoutWaiver(@Args() args: WaiverListArgs, @Ctx() ctx: Context): Promise<UnsignedUserPage> {
    const document = await ctx.services.waivers.currentDocument(ctx.em);
    const qb = ctx.em
      .createQueryBuilder(User, 'u')
      .where({ isActive: true, removedAt: null })
      .andWhere('not exists (select 1 from waiver_signature s where s.signed_for_id = u.id and s.document_id = ?)', [document.id])
      .orderBy({ lastName: 'asc', firstName: 'asc', id: 'asc' })
      .limit(args.pageSize)
      .offset(offsetOf(args));
    if (args.search?.trim()) qb.andWhere(personMatches(args.search));
    const [items, total] = await qb.getResultAndCount();
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

function personMatches(search: string) {
  const pattern = likePattern(search.trim());
  return { $or: [{ firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }, { username: { $ilike: pattern } }] };
}
