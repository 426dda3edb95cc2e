import type { CodegenConfig } from '@graphql-codegen/cli';

/** schema/schema.graphql + the operations next to each page ──► typed documents in web/src/graphql/. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['web/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/graphql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string' },
        avoidOptionals: { field: true, inputValue: false },
      },
    },
  },
};

export default config;
