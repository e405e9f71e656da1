/**
 * `wheelhouse/client`: the package's public entry. It gathers the client
 * (createWheelhouseClient), its errors and `unwrap`, and the typed documents
 * and types generated from the client's operations (usable with any client
 * that takes typed documents: urql, Apollo, graphql-request).
 */
export * from './client.js';
export * from './errors.js';
export * from './generated/graphql.js';
export type { ReconnectInfo, RetryOptions, StreamOptions } from './resume.js';
export { type ErrorMember, isErrorResult, type PayloadOf, unwrap } from './unwrap.js';
export type { UploadFile, UploadOptions } from './upload.js';
