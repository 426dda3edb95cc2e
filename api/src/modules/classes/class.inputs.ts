import {
  apparatusDescription,
  apparatusId,
  apparatusName,
  bookingWindowDays,
  cancellationCutoffHours,
  capacity,
  classAge,
  classNotes,
  classTypeId,
  classTypeDescription,
  classTypeName,
  dropInPriceCents,
  durationMinutes,
  holdMinutes,
  instructorBio,
  level,
  rigPointNames,
  taughtApparatusIds,
  timeOfDay,
  waitlistOfferHours,
  membershipGraceDays,
  penaltyFeeCents,
  weekdays,
} from '@studio/rules';
import { ArrayMaxSize, IsInt, IsOptional, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { IsDateOnly, Rule } from '../../common/validators.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance, ClassStatus } from './class-instance.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { EditScope, SeriesStatus } from './class.service.js';

registerEnumType(EditScope, {
  name: 'EditScope',
  description: 'THIS: only this class; THIS_AND_FOLLOWING: it and every later class of its series',
});
registerEnumType(SeriesStatus, {
  name: 'SeriesStatus',
  description: 'active: runs until its last date; ended: its last date has passed; cancelled: by an admin',
});

@InputType()
export class ScheduleFilter {
  @Field(() => [ID], { nullable: true }) @IsOptional() @ArrayMaxSize(20) apparatusIds?: string[];
  @Field(() => [Int], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(5)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(5, { each: true })
  levels?: number[];
  @Field(() => [ID], { nullable: true }) @IsOptional() @ArrayMaxSize(20) instructorIds?: string[];
  @Field({ nullable: true, description: 'Also list cancelled classes' }) includeCancelled?: boolean;
}

@ArgsType()
export class ScheduleArgs {
  @Field({ description: 'First date (YYYY-MM-DD, studio time zone)' }) @IsDateOnly() from: string;
  @Field({ description: 'Last date, at most 62 days after `from`' }) @IsDateOnly() to: string;
  @Field(() => ScheduleFilter, { nullable: true }) @IsOptional() @ValidateNested() filter?: ScheduleFilter;
}

@InputType()
export class BlueprintInput {
  @Field() @Rule(classTypeName) name: string;
  @Field({ defaultValue: '' }) @Rule(classTypeDescription) description: string;
  @Field(() => ID) @Rule(apparatusId) apparatusId: string;
  @Field(() => Int, { description: '1 (intro) to 5' }) @Rule(level) level: number;
  @Field(() => Int) @Rule(durationMinutes) durationMinutes: number;
  @Field(() => Int) @Rule(capacity) defaultCapacity: number;
  @Field(() => Int, { description: 'Cents; 0 for free' }) @Rule(dropInPriceCents) dropInPriceCents: number;
  @Field(() => ID, { nullable: true }) @IsOptional() defaultInstructorId?: string;
  @Field({ defaultValue: false }) usesRigPoints: boolean;
  @Field(() => Int, { nullable: true, description: 'The youngest age that may be booked in; null: no lower limit' })
  @IsOptional()
  @Rule(classAge)
  minAge?: number | null;
  @Field(() => Int, { nullable: true, description: 'The oldest age that may be booked in; null: no upper limit' })
  @IsOptional()
  @Rule(classAge)
  maxAge?: number | null;
}

@InputType()
export class UpdateBlueprintInput {
  @Field({ nullable: true }) @IsOptional() @Rule(classTypeName) name?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(classTypeDescription) description?: string;
  @Field(() => ID, { nullable: true }) @IsOptional() @Rule(apparatusId) apparatusId?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(level) level?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(durationMinutes) durationMinutes?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(capacity) defaultCapacity?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(dropInPriceCents) dropInPriceCents?: number;
  @Field(() => ID, { nullable: true }) @IsOptional() defaultInstructorId?: string;
  @Field({ nullable: true }) usesRigPoints?: boolean;
  @Field({ nullable: true }) isActive?: boolean;
  @Field(() => Int, { nullable: true, description: 'The youngest age that may be booked in; null clears it, left out keeps it' })
  @IsOptional()
  @Rule(classAge)
  minAge?: number | null;
  @Field(() => Int, { nullable: true, description: 'The oldest age that may be booked in; null clears it, left out keeps it' })
  @IsOptional()
  @Rule(classAge)
  maxAge?: number | null;
}

@InputType()
export class SeriesInput {
  @Field(() => ID) @Rule(classTypeId) blueprintId: string;
  @Field(() => [Int], { description: '0 = Sunday … 6 = Saturday' }) @Rule(weekdays) weekdays: number[];
  @Field() @Rule(timeOfDay) startTime: string;
  @Field() @IsDateOnly() startDate: string;
  @Field() @IsDateOnly() endDate: string;
  @Field(() => ID, { nullable: true, description: "Defaults to the class type's instructor" }) @IsOptional() instructorId?: string;
  @Field(() => Int, { nullable: true, description: "Defaults to the class type's capacity" })
  @IsOptional()
  @Rule(capacity)
  capacity?: number;
}

@InputType()
export class InstanceInput {
  @Field(() => ID) @Rule(classTypeId) blueprintId: string;
  @Field() @IsDateOnly() date: string;
  @Field() @Rule(timeOfDay) startTime: string;
  @Field(() => ID, { nullable: true }) @IsOptional() instructorId?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(capacity) capacity?: number;
  @Field({ nullable: true }) @IsOptional() @Rule(classNotes) notes?: string;
}

@InputType({ description: 'Changes to a class; omitted fields stay as they are' })
export class InstanceChangesInput {
  @Field(() => ID, { nullable: true, description: 'A substitute instructor' }) @IsOptional() instructorId?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(timeOfDay) startTime?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(capacity) capacity?: number;
  @Field({ nullable: true }) @IsOptional() @Rule(classNotes) notes?: string;
}

@InputType({ description: 'Changes to a whole series; every class of it not yet started follows' })
export class SeriesChangesInput {
  @Field(() => ID, { nullable: true }) @IsOptional() instructorId?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(timeOfDay) startTime?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(capacity) capacity?: number;
  @Field({ nullable: true, description: 'A later date adds classes (skipping closures); an earlier one cancels the classes after it' })
  @IsOptional()
  @IsDateOnly()
  endDate?: string;
}

@ObjectType()
export class SeriesResult {
  @Field(() => ClassSeries) series: ClassSeries;
  @Field(() => [ClassInstance]) instances: ClassInstance[];
  @Field(() => [String], { description: 'Dates skipped because the studio is closed' }) skippedDates: string[];
}

@ObjectType()
export class ClassInstancePage extends Paginated(ClassInstance) {}
@ObjectType()
export class ClassBlueprintPage extends Paginated(ClassBlueprint) {}
@ObjectType()
export class ClassSeriesPage extends Paginated(ClassSeries) {}

export enum InstanceSortField {
  startsAt = 'startsAt',
  name = 'name',
  instructor = 'instructor',
  spotsTaken = 'spotsTaken',
  capacity = 'capacity',
}
registerEnumType(InstanceSortField, { name: 'InstanceSortField' });

@ArgsType()
export class InstanceListArgs extends PageArgs {
  @Field({ nullable: true }) @IsOptional() @IsDateOnly() from?: string;
  @Field({ nullable: true }) @IsOptional() @IsDateOnly() to?: string;
  @Field(() => ID, { nullable: true }) apparatusId?: string;
  @Field(() => ID, { nullable: true }) instructorId?: string;
  @Field(() => ID, { nullable: true }) seriesId?: string;
  @Field(() => ClassStatus, { nullable: true }) status?: ClassStatus;
  @Field({ nullable: true, description: 'Matches the class name' }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => InstanceSortField, { defaultValue: InstanceSortField.startsAt }) sortField: InstanceSortField = InstanceSortField.startsAt;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

export enum BlueprintSortField {
  name = 'name',
  apparatus = 'apparatus',
  level = 'level',
  durationMinutes = 'durationMinutes',
  defaultCapacity = 'defaultCapacity',
  dropInPriceCents = 'dropInPriceCents',
}
registerEnumType(BlueprintSortField, { name: 'BlueprintSortField' });

@ArgsType()
export class BlueprintListArgs extends PageArgs {
  @Field({ nullable: true }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => ID, { nullable: true }) apparatusId?: string;
  @Field({ nullable: true }) isActive?: boolean;
  @Field(() => BlueprintSortField, { nullable: true, description: 'Default: by apparatus, then level and name' })
  sortField?: BlueprintSortField;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

export enum SeriesSortField {
  startDate = 'startDate',
  endDate = 'endDate',
  name = 'name',
  instructor = 'instructor',
  startTime = 'startTime',
}
registerEnumType(SeriesSortField, { name: 'SeriesSortField' });

@ArgsType()
export class SeriesListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches the class name' }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => ID, { nullable: true }) apparatusId?: string;
  @Field(() => ID, { nullable: true }) instructorId?: string;
  @Field(() => SeriesStatus, { nullable: true }) status?: SeriesStatus;
  @Field(() => SeriesSortField, { defaultValue: SeriesSortField.startDate }) sortField: SeriesSortField = SeriesSortField.startDate;
  @Field(() => SortDirection, { defaultValue: SortDirection.DESC }) sortDirection: SortDirection = SortDirection.DESC;
}

@InputType()
export class ApparatusInput {
  @Field(() => ID, { nullable: true, description: 'Omit to create' }) @IsOptional() id?: string;
  @Field() @Rule(apparatusName) name: string;
  @Field({ nullable: true }) @IsOptional() @Rule(apparatusDescription) description?: string;
  @Field(() => [String], { nullable: true, description: 'Rig point names in order, e.g. Silks 1 … Silks 6' })
  @IsOptional()
  @Rule(rigPointNames)
  rigPointNames?: string[];
}

@InputType()
export class StudioSettingsInput {
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(bookingWindowDays) bookingWindowDays?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(cancellationCutoffHours) cancellationCutoffHours?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(holdMinutes) holdMinutes?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(waitlistOfferHours) waitlistOfferHours?: number;
  @Field({ nullable: true }) @IsOptional() lateCancelUsesCredit?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(membershipGraceDays) membershipGraceDays?: number;
  @Field(() => Int, { nullable: true, description: 'In cents; 0 for none' })
  @IsOptional()
  @Rule(penaltyFeeCents)
  lateCancelFeeCents?: number;
  @Field(() => Int, { nullable: true, description: 'In cents; 0 for none' }) @IsOptional() @Rule(penaltyFeeCents) noShowFeeCents?: number;
}

@InputType({ description: 'What members read about an instructor on class details' })
export class InstructorProfileInput {
  @Field({ description: 'Up to 1,000 characters; empty for none' }) @Rule(instructorBio) bio: string;
  @Field(() => [ID], { description: 'The apparatus they teach, in any order' }) @Rule(taughtApparatusIds) apparatusIds: string[];
}
