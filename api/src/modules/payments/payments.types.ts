import { MaxLength } from 'class-validator';
import { ArgsType, Field, ObjectType } from 'type-graphql';
import { CheckoutStatus } from './checkout-session.entity.js';
import { Order } from './order.entity.js';

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
