import type { CodegenConfig } from '@graphql-codegen/cli';

const SHARED_TYPES = 'web/src/graphql/types.ts';
const WEB_DOCUMENTS = 'web/src/**/*.graphql';
const EXAMPLE_TYPES = 'examples/integration/src/operations.generated.ts';

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
  ignoreNoDocuments: true,
  generates: {
    // The enums and input types the documents use, once (typescript-operations in its shared-types mode).
    [SHARED_TYPES]: {
      documents: WEB_DOCUMENTS,
      plugins: ['typescript-operations'],
      config: { ...typeConfig, generateOperationTypes: false },
    },
    'web/src/': {
      documents: WEB_DOCUMENTS,
      preset: 'near-operation-file',
      presetConfig: { extension: '.generated.ts' },
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { ...typeConfig, importSchemaTypesFrom: SHARED_TYPES },
    },
    // The example integration's documents, typed in one self-contained file (it is copied out of this repository).
    [EXAMPLE_TYPES]: {
      documents: 'examples/integration/src/*.graphql',
      plugins: ['typescript-operations', 'typed-document-node'],
      config: typeConfig,
    },
  },
};

export default config;
