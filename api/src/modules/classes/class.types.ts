import { closureReason } from '@studio/rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsDateOnly, Rule } from '../../common/validators.js';
import { ClassStatus } from './class-instance.entity.js';

@ObjectType({ description: 'Live seat counts of one class' })
export class SpotsUpdate {
  @Field(() => ID) classInstanceId: string;
  @Field(() => Int) spotsLeft: number;
  @Field(() => Int) waitlistLength: number;
  @Field(() => ClassStatus) status: ClassStatus;
  @Field(() => [ID], { description: 'Rig points already taken in this class (empty when it has none)' }) takenRigPointIds: string[];
}

@InputType()
export class ClosureInput {
  @Field() @IsDateOnly() date: string;
  @Field() @Rule(closureReason) reason: string;
}
