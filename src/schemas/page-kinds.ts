// The kinds of site page, as data without zod: the public function's query schema reads them, and importing page.ts
// would build the page schemas in every cold start.
export const PAGE_KINDS = ['page', 'resource', 'audience', 'doc', 'glossary', 'glossary-category', 'tool', 'agent', 'feature', 'comparison'] as const;
