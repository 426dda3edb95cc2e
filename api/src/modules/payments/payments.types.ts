import { IsOptional, IsUUID, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, ObjectType } from 'type-graphql';
import { CheckoutStatus } from './checkout-session.entity.js';
import { Order } from './order.entity.js';
import { PaymentEvent } from './payment-event.entity.js';

@ObjectType({ description: 'Where to send the browser to pay' })
export class CheckoutSessionPayload {
  @Field({ description: 'The payment page (Stripe Checkout, or the test provider’s page)' }) url: string;
  @Field({ description: 'The provider’s session id, as /payment-success?session_id= names it' }) sessionId: string;
}

@ArgsType()
export class CheckoutSessionArgs {
  @Field({ description: 'The provider’s session id (cs_…)' })
  @MaxLength(255, { message: 'Not a checkout session id.' })
  sessionId: string;
}

@ObjectType({ description: 'How a checkout ended: its status and, once paid, its order' })
export class CheckoutResult {
  @Field(() => CheckoutStatus) status: CheckoutStatus;
  @Field(() => Order, { nullable: true, description: 'Null until the payment is confirmed' }) order: Order | null;
}

@ArgsType()
export class RefundOrderArgs {
  @Field(() => ID) @IsUUID('all', { message: 'Unknown order.' }) orderId: string;
  @Field(() => [ID], { nullable: true, description: 'Only these lines; the whole order when left out' })
  @IsOptional()
  @IsUUID('all', { each: true, message: 'Choose lines of this order.' })
  lineIds?: string[];
  @Field({ nullable: true, description: "Why, in the admin's words: kept with the refund, before who made it" })
  @IsOptional()
  @MaxLength(150, { message: 'Keep the reason under 150 characters.' })
  reason?: string;
}

@ObjectType({ description: 'Admin → Stripe: the payment provider, its settings (never the keys), recent events and payments' })
export class PaymentsOverview {
  @Field({ description: 'test_provider, stripe_test, stripe_live, or not_set_up' }) mode: string;
  @Field() secretKeySet: boolean;
  @Field() webhookSecretSet: boolean;
  @Field({ description: 'Where to point Stripe’s webhook' }) webhookUrl: string;
  @Field(() => [PaymentEvent], { description: 'The last 50 events, newest first' }) events: PaymentEvent[];
  @Field(() => [Order], { description: 'The last 25 orders, newest first' }) orders: Order[];
}
