export { loadCatalog, getCatalogEntry, parseEntryFile, ENTRIES_DIR } from './load-catalog.ts';
export { matchDescription, searchCatalog, summarise, normaliseName } from './match-description.ts';
export {
  importOpenApi,
  parseDocumentText,
  OpenApiImportError,
  IMPORT_ERROR_STATUS,
  isImportErrorCode,
  MAX_DOCUMENT_BYTES,
  MAX_DESCRIPTION_BYTES,
  type ImportErrorCode,
  type ImportOptions,
  type ImportResult,
} from './import-openapi.ts';
export { resolveDescription, type ResolvedDescription } from './resolve-description.ts';
