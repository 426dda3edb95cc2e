import { groupDescription, groupName, groupRule } from '@studio/rules';
import { IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Rule } from '../../common/validators.js';
import { MembershipStatus } from '../memberships/membership.entity.js';
import { Role } from '../users/role.js';

/** The conditions of a rule group, as stored (JSON) and answered: every condition given must hold. */
@ObjectType({ description: 'A rule group’s conditions: every condition given must hold (a list within one is "any of")' })
export class GroupRule {
  @Field(() => [Role], { nullable: true }) roles?: Role[] | null;
  @Field(() => Int, { nullable: true, description: 'Whole years on the studio’s today' }) minAge?: number | null;
  @Field(() => Int, { nullable: true }) maxAge?: number | null;
  @Field(() => [ID], { nullable: true, description: 'Holds a membership on one of these plans (in the states below, if given)' })
  planIds?: string[] | null;
  @Field(() => [MembershipStatus], { nullable: true }) membershipStatuses?: MembershipStatus[] | null;
  @Field(() => Int, { nullable: true, description: 'Holds an unexpired class pack with at most this many classes left' })
  packClassesLeftAtMost?: number | null;
  @Field(() => Int, { nullable: true, description: 'Checked in to a class within this many days' }) visitedWithinDays?: number | null;
  @Field(() => Int, { nullable: true, description: 'Not checked in for this many days (or never)' }) notVisitedForDays?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Has not signed the current waiver version' }) waiverMissing?: boolean | null;
  @Field(() => [ID], { nullable: true, description: 'Booked a class of one of these class types' }) classTypeIds?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'The booked class started within this many days (or is still ahead)' })
  bookedWithinDays?: number | null;
  @Field(() => ID, { nullable: true }) apparatusId?: string | null;
  @Field(() => Int, { nullable: true, description: 'Has reached at least this level on the apparatus' }) minLevel?: number | null;
}

@InputType({ description: 'A rule group’s conditions (see GroupRule)' })
export class GroupRuleInput {
  @Field(() => [Role], { nullable: true }) roles?: Role[] | null;
  @Field(() => Int, { nullable: true }) minAge?: number | null;
  @Field(() => Int, { nullable: true }) maxAge?: number | null;
  @Field(() => [ID], { nullable: true }) planIds?: string[] | null;
  @Field(() => [MembershipStatus], { nullable: true }) membershipStatuses?: MembershipStatus[] | null;
  @Field(() => Int, { nullable: true }) packClassesLeftAtMost?: number | null;
  @Field(() => Int, { nullable: true }) visitedWithinDays?: number | null;
  @Field(() => Int, { nullable: true }) notVisitedForDays?: number | null;
  @Field(() => Boolean, { nullable: true }) waiverMissing?: boolean | null;
  @Field(() => [ID], { nullable: true }) classTypeIds?: string[] | null;
  @Field(() => Int, { nullable: true }) bookedWithinDays?: number | null;
  @Field(() => ID, { nullable: true }) apparatusId?: string | null;
  @Field(() => Int, { nullable: true }) minLevel?: number | null;
}

@InputType({ description: 'A group: a name, and for a rule group its conditions (a group without a rule is manual)' })
export class GroupInput {
  @Field() @Rule(groupName) name: string;
  @Field({ nullable: true }) @IsOptional() @Rule(groupDescription) description?: string;
  @Field(() => GroupRuleInput, { nullable: true, description: 'The conditions: given, the group is a rule group; omitted, a manual one' })
  @IsOptional()
  @Rule(groupRule)
  rule?: GroupRuleInput | null;
}

@ArgsType()
export class GroupListArgs {
  @Field({ defaultValue: false, description: 'Archived groups instead of the current ones' }) archived: boolean = false;
  @Field({ nullable: true, description: 'Part of the name' }) @IsOptional() @MaxLength(100) search?: string;
}

@ObjectType({ description: 'What adding to or removing from a group did' })
export class GroupMembershipChange {
  @Field(() => Int, { description: 'Accounts the selection matched' }) matched!: number;
  @Field(() => Int, { description: 'Accounts added (or removed) now; those already in (or out) are left as they are' }) changed!: number;
}
