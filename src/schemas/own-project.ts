import * as z from 'zod';

/** A project of the key's account, as `/v1/projects` lists it (spec 2.3). */
export const ownProject = z.object({
  /** Pass it as `projectId` to the article routes. */
  id: z.string(),
  name: z.string().optional(),
  /** The customer's site. */
  url: z.string().optional(),
  /** The project's API switch; off by default, switched on by a human in the dashboard. */
  api_enabled: z.boolean(),
});
export type OwnProject = z.infer<typeof ownProject>;
