export * from './locales';
export { createTranslator } from './format';
export { errorCatalogues } from './error-catalogues';
export { mailCatalogues } from './mail-catalogues';
export { loanCatalogues } from './loan-catalogues';
