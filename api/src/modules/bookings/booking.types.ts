import { ArrayMaxSize, ArrayMinSize, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { RefusalReason } from '../../graphql/errors.js';
import { RigPoint } from '../classes/apparatus.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { Booking } from './booking.entity.js';

@ArgsType()
export class BookClassArgs {
  @Field(() => ID) @IsUUID('all', { message: 'Unknown class.' }) classInstanceId: string;
  @Field(() => ID, { description: 'Yourself or a child in your family' }) @IsUUID('all', { message: 'Unknown person.' }) attendeeId: string;
  @Field(() => ID, { nullable: true, description: 'Required when the class uses rig points' })
  @IsOptional()
  @IsUUID('all', { message: 'Unknown rig point.' })
  rigPointId?: string;
}

@ArgsType()
export class WaitlistArgs {
  @Field(() => ID) @IsUUID('all', { message: 'Unknown class.' }) classInstanceId: string;
  @Field(() => ID) @IsUUID('all', { message: 'Unknown person.' }) attendeeId: string;
}

@ObjectType({ description: 'A spot held in the cart' })
export class CartItem {
  @Field(() => ID, { description: 'The booking id' }) id: string;
  @Field(() => ID) classInstanceId: string;
  @Field(() => Int) priceCents: number;
  @Field(() => Booking) booking: Booking;
}

@ObjectType({ description: 'Class spots held for checkout' })
export class ClassCart {
  @Field(() => [CartItem]) items: CartItem[];
  @Field(() => Int) totalPriceCents: number;
  @Field(() => Int) totalItems: number;
}

@ObjectType({ description: 'A rig point and whether someone already has it in this class' })
export class RigPointAvailability {
  @Field(() => RigPoint) rigPoint: RigPoint;
  @Field() taken: boolean;
}

/** The class cart, from the held bookings it is made of. */
export function classCart(held: Booking[]): ClassCart {
  return {
    items: held.map((booking) => ({ id: booking.id, classInstanceId: booking.classInstance.id, priceCents: booking.priceCents, booking })),
    totalPriceCents: held.reduce((sum, b) => sum + b.priceCents, 0),
    totalItems: held.length,
  };
}

@ObjectType({ description: 'What a booking changed: the booking (with its class) and the booker’s cart' })
export class BookClassPayload {
  @Field(() => Booking, { description: 'The new booking; its class shows the new seat counts and your places in it' })
  booking: Booking;
  @Field(() => ClassCart, { description: 'Your class cart as it is now (a paid class’s spot is held in it)' })
  cart: ClassCart;
}

@ObjectType({ description: 'What would pay for one person’s spot in a class if it were booked now (nothing is used by asking)' })
export class BookingCover {
  @Field(() => ID, { description: 'You, or a child in your family you may book' }) attendeeId: string;
  @Field(() => String, {
    nullable: true,
    description: 'The membership plan or class pack that would pay, by name; null: the spot is held in the cart at priceCents',
  })
  paidWith: string | null;
  @Field(() => Int, {
    nullable: true,
    description: "Classes it has left for this class's date, this one included; null: unlimited, or nothing would pay",
  })
  classesLeft: number | null;
  @Field(() => Int, {
    description: 'What the cart would charge, in cents: the drop-in price, or 0 when paidWith pays or the class is free',
  })
  priceCents: number;
}

/** The most people one booking request may bring: a family, not a group sale. */
export const MAX_PEOPLE_PER_BOOKING = 10;

@InputType({ description: 'One person to book into the class, with their rig point when the class uses them' })
export class BookingPersonInput {
  @Field(() => ID, { description: 'Yourself or a child in your family' }) @IsUUID('all', { message: 'Unknown person.' }) attendeeId: string;
  @Field(() => ID, { nullable: true, description: 'Required when the class uses rig points' })
  @IsOptional()
  @IsUUID('all', { message: 'Unknown rig point.' })
  rigPointId?: string | null;
}

@ArgsType()
export class BookClassTogetherArgs {
  @Field(() => ID) @IsUUID('all', { message: 'Unknown class.' }) classInstanceId: string;
  @Field(() => [BookingPersonInput], {
    description: `Yourself and/or children in your family, each once, at most ${MAX_PEOPLE_PER_BOOKING}`,
  })
  @ArrayMinSize(1, { message: 'Choose who is coming.' })
  @ArrayMaxSize(MAX_PEOPLE_PER_BOOKING, { message: `At most ${MAX_PEOPLE_PER_BOOKING} people can be booked at once.` })
  @ValidateNested({ each: true })
  people: BookingPersonInput[];
}

@ObjectType({ description: 'Why one person of a booking request could not be booked (as the error of bookClass would say)' })
export class BookingRefusal {
  @Field({ description: 'FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, CONFLICT or RATE_LIMITED' }) code: string;
  @Field(() => RefusalReason, { nullable: true }) reason: RefusalReason | null;
  @Field({ description: 'Safe to show to the member' }) message: string;
}

@ObjectType({ description: 'What happened for one person of a booking request: booked (or held in the cart), or refused' })
export class BookingOutcome {
  @Field(() => ID) attendeeId: string;
  @Field(() => Booking, { nullable: true, description: 'The booking made; null when refused' }) booking: Booking | null;
  @Field(() => BookingRefusal, { nullable: true, description: 'Why this person could not be booked; null when booked' })
  refusal: BookingRefusal | null;
}

@ObjectType({
  description: 'What booking several people into one class changed: one outcome per person, in the order asked, the class and the cart',
})
export class BookClassTogetherPayload {
  @Field(() => [BookingOutcome]) outcomes: BookingOutcome[];
  @Field(() => ClassInstance, { description: 'The class as it is now: its seat counts and your family’s places in it' })
  classInstance: ClassInstance;
  @Field(() => ClassCart, { description: 'Your class cart as it is now (every paid spot of this request is held in it)' })
  cart: ClassCart;
}
