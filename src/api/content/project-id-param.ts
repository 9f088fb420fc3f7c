import * as z from 'zod';
import { textParam } from '../http/params.ts';

/** `projectId`, required by every project-scoped read: trimmed, non-empty, free text of at most 100 characters. */
export const projectIdParam = (description: string) =>
  z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).pipe(textParam(100)).meta({ description });
