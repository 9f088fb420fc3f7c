import * as z from 'zod';

/** A project of the key's account, as `/v1/projects` lists it (spec 2.3). */
export const ownProject = z.object({
  id: z.string().meta({ description: 'The project id: pass it as `projectId` to the article routes.' }),
  name: z.string().optional().meta({ description: "The project's name." }),
  url: z.string().optional().meta({ description: "The customer's site." }),
  api_enabled: z.boolean().meta({ description: "The project's API switch; off by default, switched on by a human in the dashboard." }),
});
