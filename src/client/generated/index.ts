export * from './gql.js';
