import { createParameterDecorator } from 'type-graphql';

/**
 * The object a field belongs to, as it is. TypeGraphQL's @Root() copies any root that is not an instance of the
 * declared class into a new one, and read models (the schedule) return plain rows shaped like entities: that copy
 * ran MikroORM's entity constructor for every field of every row. Field resolvers take their parent with @Parent().
 */
export const Parent = () => createParameterDecorator<object>(({ root }) => root);
