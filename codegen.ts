import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the tests (and any TypeScript client): operations
 * written with `graphql(...)` under test/ are compiled against the printed
 * schema into test/generated/. Run `npm run codegen` after changing either.
 */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/**/*.ts', '!test/generated/**'],
  ignoreNoDocuments: true,
  emitLegacyCommonJSImports: false,
  generates: {
    'test/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', JSON: 'unknown', ID: 'string' },
        documentMode: 'documentNode',
      },
    },
  },
};

export default config;
