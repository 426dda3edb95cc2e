import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'An iCalendar (.ics) file' })
export class CalendarFile {
  @Field({ description: 'A name to save it under, e.g. silks-intro-2026-11-24.ics' }) filename: string;
  @Field({ description: 'The text/calendar content (RFC 5545)' }) content: string;
}

@ObjectType({ description: "The address of the member's private calendar feed (their and their family's bookings)" })
export class CalendarFeedLink {
  @Field({ description: 'https address for calendar apps ("subscribe by URL"); anyone with it can read the feed' }) url: string;
  @Field({ description: 'The same address as webcal://, which opens the device’s calendar app' }) webcalUrl: string;
}
