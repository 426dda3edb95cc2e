import { defineModule } from '../module.js';
import { Apparatus, RigPoint } from './apparatus.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance } from './class-instance.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { ClassAdminResolver } from './class-admin.resolver.js';
import { classLoaders } from './class.loaders.js';
import { ClassService } from './class.service.js';
import { ensureApparatus } from './default-apparatus.js';
import { ApparatusResolver, ClassBlueprintResolver, ClassSeriesResolver, ScheduleResolver } from './schedule.resolver.js';
import { StudioClosure } from './studio-closure.entity.js';

/** The schedule: apparatus and rig points, class types, weekly series, dated classes and studio closures. */
export const classesModule = defineModule({
  name: 'classes',
  uses: [],
  entities: [Apparatus, RigPoint, ClassBlueprint, ClassSeries, ClassInstance, StudioClosure],
  resolvers: [ScheduleResolver, ClassBlueprintResolver, ClassSeriesResolver, ApparatusResolver, ClassAdminResolver],
  service: ({ env }) => new ClassService(env.STUDIO_TIME_ZONE),
  loaders: (request) => classLoaders(request),
  ensure: (em) => ensureApparatus(em),
});
