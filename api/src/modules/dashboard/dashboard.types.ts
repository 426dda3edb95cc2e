import { IsOptional } from 'class-validator';
import { ArgsType, Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DashboardPeriod } from './dashboard.range.js';

registerEnumType(DashboardPeriod, {
  name: 'DashboardPeriod',
  description: "A dashboard period in the studio's time zone, compared with the one before it",
  valuesConfig: {
    this_week: { description: 'Monday to Sunday of this week' },
    last_4_weeks: { description: 'The 28 days ending today' },
    this_quarter: { description: 'This calendar quarter' },
    custom: { description: 'From `from` to `to` (at most 366 days)' },
  },
});

export enum RevenueCategory {
  memberships = 'memberships',
  packs = 'packs',
  drop_ins = 'drop_ins',
  merch = 'merch',
  snacks = 'snacks',
  invoices = 'invoices',
}
registerEnumType(RevenueCategory, { name: 'RevenueCategory', description: 'What money received paid for' });

@ArgsType()
export class DashboardArgs {
  @Field(() => DashboardPeriod, { defaultValue: DashboardPeriod.this_week }) period: DashboardPeriod = DashboardPeriod.this_week;
  @Field(() => String, { nullable: true, description: 'Custom period: the first day (YYYY-MM-DD)' }) @IsOptional() from?: string | null;
  @Field(() => String, { nullable: true, description: 'Custom period: the last day (YYYY-MM-DD)' }) @IsOptional() to?: string | null;
}

@ObjectType({ description: 'Bookings of the classes held in a period (cancelled classes left out)' })
export class BookingTotals {
  @Field(() => Int) classes: number;
  @Field(() => Int, { description: 'Spots of those classes' }) capacity: number;
  @Field(() => Int, { description: 'Confirmed bookings, no-shows included (spots held in a cart are not counted)' }) booked: number;
  @Field(() => Int, { description: 'Checked in' }) attended: number;
  @Field(() => Int) noShows: number;
  @Field(() => Int, { description: 'Cancelled after the cancellation cutoff' }) lateCancellations: number;
  @Field(() => Float, { description: 'Booked over capacity, 0 to 1 (0 without classes)' }) fillRate: number;
}

@ObjectType({ description: 'Bookings of one class type, or of the classes starting in one hour of the day' })
export class BookingGroup {
  @Field({ description: 'The class type, or the start hour as HH:00' }) label: string;
  @Field(() => Int, { nullable: true, description: 'The start hour (0–23) of an hour group' }) hour: number | null;
  @Field(() => Int) classes: number;
  @Field(() => Int) booked: number;
  @Field(() => Float) fillRate: number;
  @Field(() => Int) previousBooked: number;
  @Field(() => Float) previousFillRate: number;
}

@ObjectType()
export class DashboardBookings {
  @Field(() => BookingTotals) current: BookingTotals;
  @Field(() => BookingTotals) previous: BookingTotals;
  @Field(() => [BookingGroup], { description: 'By class type, most booked first' }) byClassType: BookingGroup[];
  @Field(() => [BookingGroup], { description: 'By start hour, earliest first' }) byHour: BookingGroup[];
}

@ObjectType({ description: 'Money received for one category, net of refunds' })
export class RevenueShare {
  @Field(() => RevenueCategory) category: RevenueCategory;
  @Field(() => Int) cents: number;
  @Field(() => Int) previousCents: number;
}

@ObjectType({ description: 'Money received in a period, net of what has been refunded of it since' })
export class DashboardRevenue {
  @Field(() => Int) totalCents: number;
  @Field(() => Int) previousTotalCents: number;
  @Field(() => [RevenueShare], { description: 'Every category, largest first' }) byCategory: RevenueShare[];
}

@ObjectType()
export class DashboardMembers {
  @Field(() => Int, { description: 'People holding an active membership now (past-due ones are in atRisk)' }) members: number;
  @Field(() => Int, { description: 'Students and parents who joined in the period' }) newMembers: number;
  @Field(() => Int) previousNewMembers: number;
  @Field(() => Int, { description: 'Different people checked in to a class in the period' }) visitors: number;
  @Field(() => Int) previousVisitors: number;
  @Field(() => Int, {
    description:
      'Students who came 1 to 3 times within 90 days, hold no membership, and have neither come nor booked for 14 days (segment trial_not_back)',
  })
  trialNotBack: number;
}

@ObjectType({ description: 'Members who need a word, now' })
export class DashboardAtRisk {
  @Field(() => Int, { description: 'Accounts with an active membership and no visit in 21 days' }) noRecentVisit: number;
  @Field(() => Int, { description: 'Accounts with a class pack of 1 to 3 classes left (the users table with segment low_pack)' })
  lowPacks: number;
  @Field(() => Int) pastDueMemberships: number;
  @Field(() => Int) unpaidInvoices: number;
  @Field(() => Int) unpaidCents: number;
  @Field(() => Int, { description: 'Unpaid invoices past their due date' }) overdueInvoices: number;
  @Field(() => Int, { description: 'Active people (minors included) without a signature of the current waiver' }) waiversMissing: number;
}

@ObjectType()
export class DashboardLevels {
  @Field(() => Int) levelsReached: number;
  @Field(() => Int) previousLevelsReached: number;
  @Field(() => Float, { nullable: true, description: "Median days a level reached in the period took since the student's level before" })
  medianDaysToNext: number | null;
  @Field(() => Int, { description: 'Students coming to class with no new level for 90 days (the students table with segment stuck)' })
  stuck: number;
}

@ObjectType({ description: "The admin's dashboard for a period in the studio's time zone, against the period before" })
export class Dashboard {
  @Field(() => DashboardPeriod) period: DashboardPeriod;
  @Field({ description: 'First day (YYYY-MM-DD)' }) from: string;
  @Field({ description: 'Last day (YYYY-MM-DD)' }) to: string;
  @Field() previousFrom: string;
  @Field() previousTo: string;
  @Field({ description: "The studio's time zone (IANA name)" }) timeZone: string;
  @Field(() => DashboardBookings) bookings: DashboardBookings;
  @Field(() => DashboardRevenue) revenue: DashboardRevenue;
  @Field(() => DashboardMembers) members: DashboardMembers;
  @Field(() => DashboardAtRisk) atRisk: DashboardAtRisk;
  @Field(() => DashboardLevels) levels: DashboardLevels;
}

@ObjectType({ description: 'Something the dashboard counts happened: read the dashboard again' })
export class DashboardChange {
  @Field({ description: 'What changed: booking, order, invoice, member.created, level.achieved or member.merged' }) kind: string;
  @Field() at: Date;
}
