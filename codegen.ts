import type { CodegenConfig } from '@graphql-codegen/cli';

/** Scalars and output style shared by every typed-document target. */
const clientConfig = {
  useTypeImports: true,
  enumsAsTypes: true,
  scalars: { DateTime: 'string', JSON: 'unknown', ID: 'string' },
  documentMode: 'documentNode',
} as const;

/**
 * Typed documents compiled against the printed schema (client preset,
 * `TypedDocumentNode`), so they work with any client that takes typed
 * documents:
 * - src/client/generated/: the client's operations (src/client/operations/*.graphql),
 *   published as `wheelhouse/client` and used by the CLI and the test helpers;
 * - test/generated/: operations tests write inline with `graphql(...)`;
 * - console/src/generated/: the web console's documents (console/src/*.graphql) and
 *   the client's, in one module the console bundles.
 * Run `npm run codegen` after changing the schema or any of them.
 */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: true,
  emitLegacyCommonJSImports: false,
  // src/client/generated is under src/, so the linter reads it: written in the house format.
  hooks: { afterAllFileWrite: ['biome check --write src/client/generated'] },
  generates: {
    'src/client/generated/': {
      documents: ['src/client/operations/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: clientConfig,
    },
    'console/src/generated/': {
      documents: ['src/client/operations/*.graphql', 'console/src/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: clientConfig,
    },
    'test/generated/': {
      documents: ['test/**/*.ts', '!test/generated/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: clientConfig,
    },
  },
};

export default config;
