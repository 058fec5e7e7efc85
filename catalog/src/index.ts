export { loadCatalog, getCatalogEntry, parseEntryFile, ENTRIES_DIR } from './load-catalog.ts';
export { matchDescription, searchCatalog, summarise, normaliseName } from './match-description.ts';
