import { defineModule } from '../module.js';
import { settingsLoaders } from './settings.loaders.js';
import { SettingsService } from './settings.service.js';
import { StudioSettings } from './studio-settings.entity.js';

/** Studio-wide booking rules (one row), changed by admins. */
export const settingsModule = defineModule({
  name: 'settings',
  uses: [],
  entities: [StudioSettings],
  service: () => new SettingsService(),
  loaders: (request) => settingsLoaders(request),
  ensure: (em, { settings }) => settings.ensure(em),
});
