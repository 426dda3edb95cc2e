import type { EntityManager } from '@mikro-orm/postgresql';
import { StudioSettings } from './studio-settings.entity.js';

export class SettingsService {
  async ensure(em: EntityManager): Promise<void> {
    await em.getConnection().execute('insert into studio_settings (id) values (1) on conflict (id) do nothing');
  }

  async get(em: EntityManager): Promise<StudioSettings> {
    return (await em.findOne(StudioSettings, { id: 1 })) ?? new StudioSettings();
  }

  async update(em: EntityManager, changes: Partial<Omit<StudioSettings, 'id'>>): Promise<StudioSettings> {
    await this.ensure(em);
    const settings = await em.findOneOrFail(StudioSettings, { id: 1 });
    em.assign(settings, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined && v !== null)));
    await em.flush();
    return settings;
  }
}
