// Every kind of site page: the hand-written pages', the glossary's and one per declared collection. The public API's
// `kind` filter, the MCP `list` tool and the OpenAPI Page schema read it.
import { GLOSSARY_PAGE_KINDS, SITE_PAGE_KINDS } from '../schemas/page-kinds.ts';
import { COLLECTIONS } from './collections.ts';

export const PAGE_KINDS = [...SITE_PAGE_KINDS, ...GLOSSARY_PAGE_KINDS, ...COLLECTIONS.map((c) => c.kind)] as [string, ...string[]];
