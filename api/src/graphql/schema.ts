import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import path from 'node:path';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { EmailResolver } from '../modules/email/email.resolver.js';
import { AttendanceResolver } from '../modules/attendance/attendance.resolver.js';
import { BookingResolver, WaitlistEntryResolver } from '../modules/bookings/booking.resolver.js';
import { CheckInResolver } from '../modules/checkin/checkin.resolver.js';
import { ClassAdminResolver } from '../modules/classes/class-admin.resolver.js';
import { ApparatusResolver, ClassBlueprintResolver, ClassSeriesResolver, ScheduleResolver } from '../modules/classes/schedule.resolver.js';
import { FeedbackResolver } from '../modules/feedback/feedback.resolver.js';
import { FamilyResolver } from '../modules/family/family.resolver.js';
import { LandingResolver } from '../modules/landing/landing.resolver.js';
import { UserAdminResolver } from '../modules/users/user-admin.resolver.js';
import { UserResolver } from '../modules/users/user.resolver.js';
import { WaiverResolver } from '../modules/waivers/waiver.resolver.js';
import { authChecker } from './access.js';
import type { StudioPubSub } from './pubsub.js';
import { validateArguments } from './arguments.js';
import { loadRelations } from './relation.js';

export const resolvers = [
  AuthResolver,
  UserResolver,
  UserAdminResolver,
  FamilyResolver,
  WaiverResolver,
  LandingResolver,
  EmailResolver,
  FeedbackResolver,
  ScheduleResolver,
  ClassBlueprintResolver,
  ClassSeriesResolver,
  ApparatusResolver,
  ClassAdminResolver,
  BookingResolver,
  WaitlistEntryResolver,
  AttendanceResolver,
  CheckInResolver,
] as const;

/** The committed SDL that codegen and integrators read. */
export const SCHEMA_FILE = path.resolve(__dirname, '../../../schema/schema.graphql');

export async function buildStudioSchema(pubSub: StudioPubSub | null, opts: { emit?: boolean } = {}): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    authChecker,
    authMode: 'error',
    validateFn: validateArguments,
    // Subscriptions need a pub/sub even when the schema is only being printed.
    pubSub: (pubSub ?? {
      publish: () => undefined,
      subscribe: () => {
        throw new Error('no pubsub');
      },
    }) as never,
    emitSchemaFile: opts.emit ? { path: SCHEMA_FILE, sortedSchema: true } : false,
  });
  return loadRelations(schema);
}
