import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122050358 } from './Migration20261122050358.js';
import { Migration20261122050617 } from './Migration20261122050617.js';
import { Migration20261122052918 } from './Migration20261122052918.js';
import { Migration20261122081915 } from './Migration20261122081915.js';
import { Migration20261123080855 } from './Migration20261123080855.js';
import { Migration20261123081606 } from './Migration20261123081606.js';
import { Migration20261123105325 } from './Migration20261123105325.js';
import { Migration20261123105930 } from './Migration20261123105930.js';
import { Migration20261123110311 } from './Migration20261123110311.js';
import { Migration20261123110756 } from './Migration20261123110756.js';
import { Migration20261123111945 } from './Migration20261123111945.js';
import { Migration20261123114511 } from './Migration20261123114511.js';
import { Migration20261123141956 } from './Migration20261123141956.js';
import { Migration20261123142337 } from './Migration20261123142337.js';
import { Migration20261123185429 } from './Migration20261123185429.js';
import { Migration20261123185452 } from './Migration20261123185452.js';
import { Migration20261123185516 } from './Migration20261123185516.js';
import { Migration20261123185826 } from './Migration20261123185826.js';
import { Migration20261123201500 } from './Migration20261123201500.js';
import { Migration20261123220000 } from './Migration20261123220000.js';

/** Every committed migration, in order. `npm run migration:create -w api` writes a new file; add it here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122050358', class: Migration20261122050358 },
  { name: 'Migration20261122050617', class: Migration20261122050617 },
  { name: 'Migration20261122052918', class: Migration20261122052918 },
  { name: 'Migration20261122081915', class: Migration20261122081915 },
  { name: 'Migration20261123080855', class: Migration20261123080855 },
  { name: 'Migration20261123081606', class: Migration20261123081606 },
  { name: 'Migration20261123105325', class: Migration20261123105325 },
  { name: 'Migration20261123105930', class: Migration20261123105930 },
  { name: 'Migration20261123110311', class: Migration20261123110311 },
  { name: 'Migration20261123110756', class: Migration20261123110756 },
  { name: 'Migration20261123111945', class: Migration20261123111945 },
  { name: 'Migration20261123114511', class: Migration20261123114511 },
  { name: 'Migration20261123141956', class: Migration20261123141956 },
  { name: 'Migration20261123142337', class: Migration20261123142337 },
  { name: 'Migration20261123185429', class: Migration20261123185429 },
  { name: 'Migration20261123185452', class: Migration20261123185452 },
  { name: 'Migration20261123185516', class: Migration20261123185516 },
  { name: 'Migration20261123185826', class: Migration20261123185826 },
  { name: 'Migration20261123201500', class: Migration20261123201500 },
  { name: 'Migration20261123220000', class: Migration20261123220000 },
];
