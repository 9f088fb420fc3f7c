import { textParam } from '../params.ts';

/** `projectId`, required by every project-scoped read: trimmed, non-empty, free text of at most 100 characters. */
export const projectIdParam = (description: string) => textParam(100, { min: 1 }).meta({ description });
