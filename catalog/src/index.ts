export { loadCatalog, getCatalogEntry, parseEntryFile, ENTRIES_DIR } from './load-catalog.ts';
export { matchDescription, searchCatalog, summarise, normaliseName } from './match-description.ts';
export {
  importOpenApi,
  parseDocumentText,
  OpenApiImportError,
  MAX_DOCUMENT_BYTES,
  MAX_DESCRIPTION_BYTES,
  type ImportOptions,
  type ImportResult,
} from './import-openapi.ts';
export { resolveDescription, type ResolvedDescription } from './resolve-description.ts';
export {
  validateValue,
  validateRequestBody,
  parseFormBody,
  type ValueError,
  type ValidateOptions,
} from './validate-value.ts';
export {
  sameGraphqlDocument,
  graphqlRootField,
  graphqlRequiredVariables,
  isGraphqlMutation,
} from './graphql-document.ts';
export { findOperation, type FoundOperation } from './find-operation.ts';
export { answerRecordPath } from './answer-record.ts';
export {
  callPathFor,
  versionNoteFor,
  placeholdersIn,
  urlPathSegments,
  type CallPath,
} from './base-path.ts';
export {
  DIRECTORY_PACKAGE,
  directoryDescription,
  directoryEntries,
  directoryVersions,
  getDirectoryApi,
  loadDirectoryIndex,
  matchBothTiers,
  matchDirectory,
  searchBothTiers,
  searchDirectory,
  summariseDirectoryApi,
  type DirectoryApi,
  type DirectoryIndex,
} from './directory.ts';
export {
  applySemantics,
  loadSemantics,
  ZDirectorySemantics,
  type TDirectorySemantics,
} from './directory-semantics.ts';
