import { Arg, Extensions, ID, Resolver, Subscription } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import { SHARED_LIVE } from '../../graphql/multiplex.js';
import { Parent } from '../../graphql/parent.js';
import type { ClassStatus } from '../classes/class-instance.entity.js';
import { SpotsUpdate } from '../classes/class.types.js';
import type { SpotsChangedEvent } from './booking.topics.js';

/** Live seat counts, announced by bookings whenever a booking, cancellation or waitlist change commits. */
@Resolver()
export class SeatsResolver {
  @Extensions(SHARED_LIVE)
  @Public()
  @Scope('bookings:read')
  @Subscription(() => SpotsUpdate, {
    topics: 'SPOTS_CHANGED',
    description: 'Seat counts whenever a booking, cancellation or waitlist change happens; optionally for some classes only',
    filter: ({ payload, args }: { payload: SpotsChangedEvent; args: { classInstanceIds?: string[] | null } }) =>
      !args.classInstanceIds?.length || args.classInstanceIds.includes(payload.classInstanceId),
  })
  spotsChanged(
    @Parent() event: SpotsChangedEvent,
    @Arg('classInstanceIds', () => [ID], { nullable: true }) _classInstanceIds?: string[],
  ): SpotsUpdate {
    return { ...event, status: event.status as ClassStatus };
  }
}
