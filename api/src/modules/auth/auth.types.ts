import { ArgsType, Field, ID } from 'type-graphql';

@ArgsType()
export class EndSessionArgs {
  @Field(() => ID, { description: 'A session of the signed-in user (see mySessions)' }) id: string;
}
