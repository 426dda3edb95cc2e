import { IsInt, IsOptional, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { EmailRules, IsDateOnly } from '../../common/validators.js';
import { PosCategory, PosPaymentMethod } from './pos.entity.js';
import { PersonalData } from '../../graphql/access.js';

/** The most of one item a line holds, and the most cash a register takes at once ($100,000). */
export const MAX_LINE_QUANTITY = 99;
export const MAX_TENDERED_CENTS = 10_000_000;

@ArgsType()
export class PosCatalogArgs {
  @Field({ nullable: true, description: 'Words in the name' })
  @IsOptional()
  @MaxLength(100, { message: 'Search for at most 100 characters.' })
  search?: string;
  @Field(() => ID, { nullable: true, description: "The sale's member: drop-ins their membership or pack covers say so" })
  @IsOptional()
  memberId?: string | null;
}

@ArgsType()
export class PosMemberSearchArgs {
  @Field({ description: "A name, a username, or the value of the member's check-in QR code" })
  @MinLength(2, { message: 'Type at least 2 characters.' })
  @MaxLength(2000, { message: 'That is not a name, username or check-in code.' })
  query: string;
}

@ArgsType()
export class OpenPosSaleArgs {
  @Field(() => ID, { nullable: true, description: 'The member buying; leave out for a walk-in' }) @IsOptional() memberId?: string | null;
}

@ArgsType()
export class PosSaleArgs {
  @Field(() => ID) saleId: string;
}

@ArgsType()
export class SetPosMemberArgs {
  @Field(() => ID) saleId: string;
  @Field(() => ID, { nullable: true, description: 'null: a walk-in' }) @IsOptional() memberId?: string | null;
}

@ArgsType()
export class AddPosItemArgs {
  @Field(() => ID) saleId: string;
  @Field(() => ID, { nullable: true, description: 'A product option (merchandise or snacks)' }) @IsOptional() variantId?: string | null;
  @Field(() => ID, { nullable: true, description: "One of today's classes (a drop-in spot for the sale's member)" })
  @IsOptional()
  classInstanceId?: string | null;
  @Field(() => Int, { defaultValue: 1 })
  @IsInt()
  @Min(1, { message: 'Add at least 1.' })
  @Max(MAX_LINE_QUANTITY, { message: `Add at most ${MAX_LINE_QUANTITY} at once.` })
  quantity: number = 1;
}

@ArgsType()
export class SetPosLineQuantityArgs {
  @Field(() => ID) lineId: string;
  @Field(() => Int, { description: '0 removes the line' })
  @IsInt()
  @Min(0, { message: 'The quantity cannot be negative.' })
  @Max(MAX_LINE_QUANTITY, { message: `A line holds at most ${MAX_LINE_QUANTITY}.` })
  quantity: number;
}

@ArgsType()
export class PosDiscountArgs {
  @Field(() => ID) saleId: string;
  @Field(() => ID, { nullable: true, description: 'Discount this line; leave out to discount the whole sale' })
  @IsOptional()
  lineId?: string | null;
  @Field(() => Int, { description: 'Cents off; 0 removes the discount' })
  @IsInt()
  @Min(0, { message: 'A discount cannot be negative.' })
  @Max(MAX_TENDERED_CENTS, { message: 'That discount is too large.' })
  amountCents: number;
  @Field({ defaultValue: '', description: 'Why (required for a discount): "Damaged box", "Staff"' })
  @MaxLength(200, { message: 'Give the reason in at most 200 characters.' })
  reason: string = '';
}

@ArgsType()
export class PayPosCashArgs {
  @Field(() => ID) saleId: string;
  @Field(() => Int, { description: 'Cash handed over, in cents' })
  @IsInt()
  @Min(0, { message: 'Enter the cash received.' })
  @Max(MAX_TENDERED_CENTS, { message: 'That is more cash than the register takes at once.' })
  tenderedCents: number;
}

@ArgsType()
export class RefundPosSaleArgs {
  @Field(() => ID) saleId: string;
  @Field({ description: 'Why: "Wrong size", "Class missed"' })
  @MinLength(1, { message: 'Give a reason for the refund.' })
  @MaxLength(200, { message: 'Give the reason in at most 200 characters.' })
  reason: string;
}

@ArgsType()
export class EmailPosReceiptArgs {
  @Field(() => ID) saleId: string;
  @Field(() => String, { nullable: true, description: "Where to send it; the member's email when left out" })
  @IsOptional()
  @EmailRules()
  email?: string | null;
}

@ArgsType()
export class PosDayArgs {
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD in the studio's time zone; today when left out" })
  @IsOptional()
  @IsDateOnly()
  date?: string | null;
}

@ArgsType()
export class ClosePosDayArgs {
  @Field({ description: "YYYY-MM-DD in the studio's time zone" })
  @IsDateOnly()
  date: string;
  @Field(() => Int, { nullable: true, description: 'Cash counted in the drawer, in cents' })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'The counted cash cannot be negative.' })
  @Max(MAX_TENDERED_CENTS * 100, { message: 'That is more cash than a day takes.' })
  countedCashCents?: number | null;
}

@ObjectType({ description: "Something the register sells: a product option, or a drop-in spot in one of today's classes" })
export class PosCatalogItem {
  @Field(() => PosCategory) category: PosCategory;
  @Field(() => ID, { nullable: true }) variantId: string | null;
  @Field(() => ID, { nullable: true }) classInstanceId: string | null;
  @Field() name: string;
  @Field({ description: 'The option ("M"), or the class time and spots left' }) detail: string;
  @Field(() => Int) priceCents: number;
  @Field(() => Int, { nullable: true, description: 'Items (or spots) left; null means unlimited' }) stock: number | null;
  @Field(() => String, { nullable: true, description: "A drop-in the member's membership or pack pays for: what pays" })
  coveredBy?: string | null;
}

@ObjectType({ description: 'A member found at the register' })
export class PosMember {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) username: string | null;
  @Field(() => String, { nullable: true }) @PersonalData() email: string | null;
}

@ObjectType()
export class PosMethodTotal {
  @Field(() => PosPaymentMethod) method: PosPaymentMethod;
  @Field(() => Int, { description: 'Sales paid this way' }) sales: number;
  @Field(() => Int, { description: 'Taken, in cents' }) takenCents: number;
  @Field(() => Int, { description: 'Given back by refunds made this day, in cents' }) refundedCents: number;
}

@ObjectType()
export class PosCategoryTotal {
  @Field(() => PosCategory) category: PosCategory;
  @Field(() => Int) quantity: number;
  @Field(() => Int, { description: 'At list price, before discounts, in cents' }) grossCents: number;
}

@ObjectType({ description: 'A studio day at the register: what was taken, how, for what, and the cash the drawer should hold' })
export class PosDayReport {
  @Field() date: string;
  @Field() closed: boolean;
  @Field(() => Date, { nullable: true }) closedAt: Date | null;
  @Field(() => String, { nullable: true }) closedByName: string | null;
  @Field(() => Int) salesCount: number;
  @Field(() => Int, { description: 'At list price, in cents' }) grossCents: number;
  @Field(() => Int, { description: 'Line and sale discounts, in cents' }) discountCents: number;
  @Field(() => Int, { description: 'Paid (gross minus discounts), in cents' }) netCents: number;
  @Field(() => Int, { description: 'Refunds made this day, in cents' }) refundedCents: number;
  @Field(() => [PosMethodTotal]) byMethod: PosMethodTotal[];
  @Field(() => [PosCategoryTotal]) byCategory: PosCategoryTotal[];
  @Field(() => Int, { description: 'Cash taken minus cash refunded this day, in cents' }) cashExpectedCents: number;
  @Field(() => Int, { nullable: true, description: 'Cash counted when the day was closed' }) countedCashCents: number | null;
  @Field(() => Int, { description: 'Sales still open on the register (not in the totals)' }) openSales: number;
}

@ObjectType({ description: 'A receipt as a PDF file' })
export class PosReceiptFile {
  @Field() filename: string;
  @Field() contentType: string;
  @Field() contentBase64: string;
}
