import { mergeClasses } from './classes.merge.js';
import { defineModule } from '../module.js';
import { usersModule } from '../users/index.js';
import { Apparatus, RigPoint } from './apparatus.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance } from './class-instance.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { ClassAdminResolver } from './class-admin.resolver.js';
import { classLoaders } from './class.loaders.js';
import { ClassService } from './class.service.js';
import { ensureApparatus } from './default-apparatus.js';
import { InstructorApparatus } from './instructor-apparatus.entity.js';
import { InstructorProfileResolver } from './instructor-profile.resolver.js';
import { ApparatusResolver, ClassBlueprintResolver, ClassSeriesResolver, ScheduleResolver } from './schedule.resolver.js';
import { StudioClosure } from './studio-closure.entity.js';
import { classExports } from './classes.exports.js';

/** The schedule: apparatus and rig points, class types, weekly series, dated classes, studio closures, who teaches what. */
export const classesModule = defineModule({
  name: 'classes',
  exports: classExports,
  uses: [usersModule],
  entities: [Apparatus, RigPoint, ClassBlueprint, ClassSeries, ClassInstance, StudioClosure, InstructorApparatus],
  resolvers: [
    ScheduleResolver,
    ClassBlueprintResolver,
    ClassSeriesResolver,
    ApparatusResolver,
    ClassAdminResolver,
    InstructorProfileResolver,
  ],
  service: ({ env, users, events }) => new ClassService(env.STUDIO_TIME_ZONE, users, events),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeClasses(tx, pair)),
  loaders: (request) => classLoaders(request),
  ensure: (em) => ensureApparatus(em),
});
