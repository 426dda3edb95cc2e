import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import type { SettingsService } from './settings.service.js';
import type { StudioSettings } from './studio-settings.entity.js';

export function settingsLoaders({ em, services }: LoaderRequest & { services: { settings: SettingsService } }) {
  return {
    /** The studio's booking rules, read once per request (the key is ignored). */
    settings: new DataLoader<number, StudioSettings>(async (keys) => {
      const settings = await services.settings.get(em());
      return keys.map(() => settings);
    }),
  };
}
