import { modules } from '../modules/index.js';

/** Every MikroORM entity, from the module list (no folder scanning: works the same from src and dist). */
export const entities = modules.flatMap((module) => module.entities ?? []);
