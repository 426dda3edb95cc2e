import 'reflect-metadata';
import { buildStudioSchema, SCHEMA_FILE } from './schema.js';

/** `npm run schema`: writes schema/schema.graphql from the TypeGraphQL classes. */
buildStudioSchema(null, { emit: true })
  .then(() => console.log(`Schema written to ${SCHEMA_FILE}`))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
