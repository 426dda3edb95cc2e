import {
  packClasses,
  packValidDays,
  planClassesPerPeriod,
  planDescription,
  planFamilyMembers,
  planName,
  planPriceCents,
} from '@studio/rules';
import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { Rule } from '../../common/validators.js';
import { BillingInterval, Membership, MembershipStatus } from './membership.entity.js';

@InputType({ description: 'A membership plan as /admin/memberships edits it' })
export class MembershipPlanInput {
  @Field() @Rule(planName) name: string;
  @Field({ defaultValue: '' }) @Rule(planDescription) description: string;
  @Field(() => Int, { description: 'Price per billing period, in cents' }) @Rule(planPriceCents) priceCents: number;
  @Field(() => BillingInterval) interval: BillingInterval;
  @Field(() => Int, { nullable: true, description: 'Classes covered each period; null: unlimited' })
  @IsOptional()
  @Rule(planClassesPerPeriod)
  classesPerPeriod?: number | null;
  @Field(() => [ID], { defaultValue: [], description: 'The class types (apparatus) covered; empty: every class' })
  @ArrayMaxSize(50, { message: 'At most 50 class types.' })
  coveredApparatusIds: string[];
  @Field(() => Int, { defaultValue: 0, description: "The holder's children also covered" })
  @Rule(planFamilyMembers)
  familyMembers: number;
  @Field(() => Int, { defaultValue: 0, description: 'Charged once with the first payment, in cents' })
  @Rule(planPriceCents)
  signUpFeeCents: number;
  @Field({ defaultValue: true }) active: boolean;
}

@InputType({ description: 'A class pack sold in the shop (a product of category membership)' })
export class ClassPackProductInput {
  @Field() @Rule(planName) name: string;
  @Field({ defaultValue: '' }) @Rule(planDescription) description: string;
  @Field(() => Int, { description: 'In cents' }) @Rule(planPriceCents) priceCents: number;
  @Field(() => Int, { description: 'Classes it holds' }) @Rule(packClasses) classes: number;
  @Field(() => Int, { description: 'Days it is valid from purchase' }) @Rule(packValidDays) validDays: number;
  @Field({ defaultValue: true }) active: boolean;
}

@ArgsType()
export class PauseMembershipArgs {
  @Field(() => ID) id: string;
  @Field({ description: 'The pause starts (classes from here are not covered)' }) from: Date;
  @Field({ description: 'The pause ends' }) until: Date;
}

@ArgsType()
export class GrantPackArgs {
  @Field(() => ID) userId: string;
  @Field() @Rule(planName) name: string;
  @Field(() => Int) @Rule(packClasses) classes: number;
  @Field(() => Int) @Rule(packValidDays) validDays: number;
}

@ObjectType()
export class CheckoutStarted {
  @Field({ description: 'Where the member pays (Stripe Checkout, or the test provider page)' }) url: string;
  @Field() sessionId: string;
}

export enum MembershipSortField {
  member = 'member',
  plan = 'plan',
  status = 'status',
  currentPeriodEnd = 'currentPeriodEnd',
  failedPayments = 'failedPayments',
  createdAt = 'createdAt',
}
registerEnumType(MembershipSortField, { name: 'MembershipSortField' });

/** /admin/memberships: members' memberships, paged, sorted and filtered on the server. */
@ArgsType()
export class AdminMembershipArgs extends PageArgs {
  @Field({ nullable: true, description: "Words in the member's name or username" })
  @IsOptional()
  @MaxLength(100, { message: 'Search for at most 100 characters.' })
  search?: string;
  @Field(() => MembershipStatus, { nullable: true }) @IsOptional() status?: MembershipStatus;
  @Field(() => ID, { nullable: true }) @IsOptional() planId?: string;
  @Field(() => MembershipSortField, { defaultValue: MembershipSortField.currentPeriodEnd })
  sortField: MembershipSortField = MembershipSortField.currentPeriodEnd;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

@ObjectType()
export class MembershipPage extends Paginated(Membership) {}
