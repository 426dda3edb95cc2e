import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { isAdmin, Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { ClassPack, Membership, MembershipCheckout, MembershipPlan } from './membership.entity.js';
import { CheckoutSessionArgs } from '../payments/payments.types.js';
import { Product } from '../products/product.entity.js';
import {
  AdminMembershipArgs,
  CheckoutStarted,
  ClassPackProductInput,
  MembershipPage,
  GrantPackArgs,
  MembershipPlanInput,
  PauseMembershipArgs,
} from './memberships.types.js';
import { Scope } from '../../graphql/access.js';

@Resolver(() => MembershipPlan)
export class MembershipPlanResolver {
  @Authorized()
  @Scope('commerce:read')
  @Query(() => [MembershipPlan], { description: 'Plans on offer (admins may ask for inactive ones too)' })
  membershipPlans(@Arg('includeInactive', { defaultValue: false }) includeInactive: boolean, @Ctx() ctx: Context) {
    return ctx.services.memberships.plans(ctx.em, !(includeInactive && isAdmin(ctx.user)));
  }

  @FieldResolver(() => [Apparatus], { description: 'The class types covered; empty: every class' })
  async coveredApparatus(@Parent() plan: MembershipPlan, @Ctx() ctx: Context): Promise<Apparatus[]> {
    return Promise.all(plan.coveredApparatusIds.map((id) => ctx.loaders.load(Apparatus, ctx.em.getReference(Apparatus, id))));
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => [Product], { description: 'Class pack products (sold in the shop), on sale first' })
  classPackProducts(@Ctx() ctx: Context) {
    return ctx.services.memberships.classPackProducts(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, { description: 'A class pack for the shop: N classes valid D days from purchase' })
  createClassPackProduct(@Arg('input', () => ClassPackProductInput) input: ClassPackProductInput, @Ctx() ctx: Context) {
    return ctx.services.memberships.saveClassPackProduct(ctx.em, null, input);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product)
  updateClassPackProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ClassPackProductInput) input: ClassPackProductInput,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.memberships.saveClassPackProduct(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => MembershipPlan)
  createMembershipPlan(@Arg('input', () => MembershipPlanInput) input: MembershipPlanInput, @Ctx() ctx: Context) {
    return ctx.services.memberships.savePlan(ctx.em, null, input);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => MembershipPlan)
  updateMembershipPlan(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => MembershipPlanInput) input: MembershipPlanInput,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.memberships.savePlan(ctx.em, id, input);
  }
}

@Resolver(() => Membership)
export class MembershipResolver {
  @Authorized()
  @Scope('commerce:read')
  @Query(() => [Membership], { description: "The member's memberships: live ones and those ended in the last year" })
  myMemberships(@CurrentUser() user: Viewer, @Ctx() ctx: Context) {
    return ctx.services.memberships.myMemberships(ctx.em, user);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => CheckoutStarted, { description: 'Checkout in subscription mode for a plan; go to its url to pay' })
  subscribeToPlan(@Arg('planId', () => ID) planId: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context) {
    return ctx.services.memberships.subscribe(ctx.em, user, planId, ctx.appOrigin);
  }

  @Authorized()
  @Scope('commerce:read')
  @Query(() => MembershipCheckout, { description: '/membership-success: the checkout, with its membership once the webhook made it' })
  membershipCheckout(@Args() { sessionId }: CheckoutSessionArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context) {
    return ctx.services.memberships.checkoutResult(ctx.em, user, sessionId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => MembershipPage, { description: "/admin/memberships: members' memberships, paged, sorted and filtered" })
  async adminMemberships(@Args() args: AdminMembershipArgs, @Ctx() ctx: Context): Promise<MembershipPage> {
    const { items, total } = await ctx.services.memberships.adminList(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized()
  @Scope('commerce:read')
  @Query(() => [ClassPack], { description: "The member's class packs not yet expired, the one expiring first first" })
  myClassPacks(@CurrentUser() user: Viewer, @Ctx() ctx: Context) {
    return ctx.services.memberships.myPacks(ctx.em, user);
  }

  @FieldResolver(() => PersonSummary)
  async holder(@Parent() membership: Membership, @Ctx() ctx: Context): Promise<PersonSummary> {
    return summarize(await ctx.loaders.load(User, membership.holder));
  }

  @FieldResolver(() => Int, { description: 'Classes used in the current period' })
  usedThisPeriod(@Parent() membership: Membership, @Ctx() ctx: Context): Promise<number> {
    return ctx.loaders.membershipUsage.load(membership.id);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => Membership, { description: 'Ends the membership when the current period ends (no more renewals)' })
  cancelMembershipAtPeriodEnd(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context) {
    return ctx.services.memberships.setCancelAtPeriodEnd(ctx.em, user, id, true);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => Membership, { description: 'Takes back a cancellation at period end: the membership renews again' })
  resumeMembership(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context) {
    return ctx.services.memberships.setCancelAtPeriodEnd(ctx.em, user, id, false);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Membership, {
    description:
      'A complimentary membership on a plan, from now until cancelled (refused while they have a membership, unless replacing it)',
  })
  compMembership(
    @Arg('userId', () => ID) userId: string,
    @Arg('planId', () => ID) planId: string,
    @Arg('replace', { defaultValue: false, description: 'End their current membership now and comp this one instead' }) replace: boolean,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.memberships.comp(ctx.em, user, userId, planId, replace);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Membership, { description: 'Pauses (freezes) the membership between two moments' })
  pauseMembership(@Args() { id, from, until }: PauseMembershipArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context) {
    return ctx.services.memberships.pause(ctx.em, user, id, from, until);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Membership, { description: 'Changes the plan from the next billing period' })
  changeMembershipPlan(
    @Arg('id', () => ID) id: string,
    @Arg('planId', () => ID) planId: string,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.memberships.changePlan(ctx.em, user, id, planId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Membership, { description: 'Ends the membership now, and its subscription; optionally refunds the unused days' })
  cancelMembershipNow(
    @Arg('id', () => ID) id: string,
    @Arg('refund', {
      defaultValue: false,
      description: "Refund the current period's unused days (pro rata, the plan's price at most) from its last payment",
    })
    refund: boolean,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.memberships.cancelNow(ctx.em, user, id, refund);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => ClassPack, { description: 'Gives a member a class pack (e.g. a goodwill gesture)' })
  grantClassPack(@Args() args: GrantPackArgs, @Ctx() ctx: Context): Promise<ClassPack> {
    return ctx.services.memberships.grantClassPack(ctx.em, args);
  }
}

/** What the admin's user drawer shows of what pays for a person's classes. */
@Resolver(() => User)
export class UserMembershipsResolver {
  @Authorized(Role.admin)
  @FieldResolver(() => [Membership], { description: 'Memberships this person holds: live ones and those ended in the last year (admins)' })
  memberships(@Parent() user: User, @Ctx() ctx: Context): Promise<Membership[]> {
    return ctx.services.memberships.myMemberships(ctx.em, user);
  }

  @Authorized(Role.admin)
  @FieldResolver(() => [ClassPack], { description: "This person's class packs not yet expired, the one expiring first first (admins)" })
  classPacks(@Parent() user: User, @Ctx() ctx: Context): Promise<ClassPack[]> {
    return ctx.services.memberships.myPacks(ctx.em, user);
  }
}
