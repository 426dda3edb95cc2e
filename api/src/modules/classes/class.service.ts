import type { DomainEvents } from '../../events/domain-events.js';
import type { UserService } from '../users/user.service.js';
import { ClassTablesService } from './tables/class-tables.service.js';
import { ClassSetupService } from './setup/class-setup.service.js';
import { ClassSeriesService } from './series/series.service.js';
import { ClassInstanceService } from './instances/instance.service.js';

export * from './class-data.js';

/**
 * Schedules: blueprints, weekly series and their dated instances, closures and apparatus, one part each (tables/,
 * setup/, series/, instances/); this class answers for them under the module's names.
 */
export class ClassService {
  readonly tablesPart: ClassTablesService;
  readonly setupPart: ClassSetupService;
  readonly seriesPart: ClassSeriesService;
  readonly instancesPart: ClassInstanceService;

  constructor(timeZone: string, users: UserService, events: DomainEvents) {
    this.tablesPart = new ClassTablesService(timeZone, users, events);
    this.setupPart = new ClassSetupService(timeZone, users, events);
    this.seriesPart = new ClassSeriesService(timeZone, users, events);
    this.instancesPart = new ClassInstanceService(timeZone, users, events);
  }

  schedule: ClassTablesService['schedule'] = (...args) => this.tablesPart.schedule(...args);
  instance: ClassTablesService['instance'] = (...args) => this.tablesPart.instance(...args);
  apparatuses: ClassTablesService['apparatuses'] = (...args) => this.tablesPart.apparatuses(...args);
  instructors: ClassTablesService['instructors'] = (...args) => this.tablesPart.instructors(...args);
  listInstances: ClassTablesService['listInstances'] = (...args) => this.tablesPart.listInstances(...args);
  listBlueprints: ClassTablesService['listBlueprints'] = (...args) => this.tablesPart.listBlueprints(...args);
  listSeries: ClassTablesService['listSeries'] = (...args) => this.tablesPart.listSeries(...args);
  seriesStatus: ClassTablesService['seriesStatus'] = (...args) => this.tablesPart.seriesStatus(...args);
  createBlueprint: ClassSetupService['createBlueprint'] = (...args) => this.setupPart.createBlueprint(...args);
  updateBlueprint: ClassSetupService['updateBlueprint'] = (...args) => this.setupPart.updateBlueprint(...args);
  saveApparatus: ClassSetupService['saveApparatus'] = (...args) => this.setupPart.saveApparatus(...args);
  updateInstructorProfile: ClassSetupService['updateInstructorProfile'] = (...args) => this.setupPart.updateInstructorProfile(...args);
  taughtApparatus: ClassSetupService['taughtApparatus'] = (...args) => this.setupPart.taughtApparatus(...args);
  createSeries: ClassSeriesService['createSeries'] = (...args) => this.seriesPart.createSeries(...args);
  updateSeries: ClassSeriesService['updateSeries'] = (...args) => this.seriesPart.updateSeries(...args);
  cancelSeries: ClassSeriesService['cancelSeries'] = (...args) => this.seriesPart.cancelSeries(...args);
  createInstance: ClassInstanceService['createInstance'] = (...args) => this.instancesPart.createInstance(...args);
  updateInstances: ClassInstanceService['updateInstances'] = (...args) => this.instancesPart.updateInstances(...args);
  cancelInstance: ClassInstanceService['cancelInstance'] = (...args) => this.instancesPart.cancelInstance(...args);
  closures: ClassInstanceService['closures'] = (...args) => this.instancesPart.closures(...args);
  addClosure: ClassInstanceService['addClosure'] = (...args) => this.instancesPart.addClosure(...args);
  removeClosure: ClassInstanceService['removeClosure'] = (...args) => this.instancesPart.removeClosure(...args);
}
