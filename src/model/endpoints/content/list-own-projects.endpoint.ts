// GET /v1/projects: the key's account's projects.
import * as z from 'zod';
import { ownProject } from '../../schemas/own-project.ts';
import { once } from '../../core/once.ts';
import { contentEndpoint } from './content-endpoint.ts';

export const listOwnProjects = contentEndpoint('listOwnProjects', 'projects', {
  bucket: 'list',
  output: once(() =>
    z.object({
      data: z
        .object({
          items: z.array(ownProject).meta({ description: "Every project of the key's account, its API switched on or not." }),
        })
        .meta({ description: "The account's projects." }),
    }),
  ),
  doc: {
    tag: 'Content API',
    ok: 'OwnProjectList',
    errors: [401, 429, 503],
    summary: "The account's projects.",
    description: "Every project of the key's account with its API switch; pass an `id` as `projectId` to the article endpoints.",
  },
  tool: {
    name: 'list_projects',
    title: 'List your projects',
    description:
      'Every project of your account with its id, name, URL and whether its API is switched on. Pass an id as projectId to the other tools. Counts as a list request. The same answer as GET /v1/projects.',
  },
});
