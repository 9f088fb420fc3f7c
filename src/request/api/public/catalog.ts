// The catalog lives in src/model/catalog/catalog.ts; this re-export keeps the few importers outside this change's reach
// (src/request/seo/og-image-set.ts, dev-image-routes.ts, write-og-images.ts, scripts/audit-site.ts) compiling until they
// import it from there. api/ may import catalog/, so this adds no edge the other way.
export * from '../../../model/catalog/catalog.ts';
