import {
  packClasses,
  packValidDays,
  planClassesPerPeriod,
  planDescription,
  planFamilyMembers,
  planName,
  planPriceCents,
} from '@studio/rules';
import { ArrayMaxSize, IsOptional } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Rule } from '../../common/validators.js';
import { BillingInterval } from './membership.entity.js';

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
