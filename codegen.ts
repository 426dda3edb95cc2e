import type { CodegenConfig } from '@graphql-codegen/cli';

const SHARED_TYPES = 'web/src/graphql/types.ts';

/** How schema types are written, for the shared base types and for every operation file alike. */
const typeConfig = {
  useTypeImports: true,
  enumsAsTypes: true,
  scalars: { DateTimeISO: 'string', Byte: 'string' },
  avoidOptionals: { field: true, inputValue: false },
};

/**
 * schema/schema.graphql + the operations beside each page and component ──► a typed document module next to each
 * `.graphql` file (`x.graphql` → `x.generated.ts`), so a page's chunk carries only its own documents and the
 * fragments it spreads. Enums, input types and scalars are written once, to web/src/graphql/types.ts.
 */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['web/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    // The enums and input types the documents use, once (typescript-operations in its shared-types mode).
    [SHARED_TYPES]: {
      plugins: ['typescript-operations'],
      config: { ...typeConfig, generateOperationTypes: false },
    },
    'web/src/': {
      preset: 'near-operation-file',
      presetConfig: { extension: '.generated.ts' },
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { ...typeConfig, importSchemaTypesFrom: SHARED_TYPES },
    },
  },
};

export default config;
