// GET /v1/tags: a project's tags with their article counts, for tag pages.
import * as z from 'zod';
import { once } from '../../core/once.ts';
import { lazyObject } from '../lazy-object.ts';
import { KEYED_READ_ERRORS, contentEndpoint } from './content-endpoint.ts';
import { projectIdParam } from './project-id-param.ts';

export const listOwnTags = contentEndpoint('listOwnTags', 'tags', {
  bucket: 'list',
  query: lazyObject({ projectId: () => projectIdParam('The project whose tags to list; GET /v1/projects lists them.') }),
  output: once(() =>
    z.object({
      data: z
        .object({
          items: z
            .array(
              z.object({
                name: z.string().meta({ description: 'The tag, as articles carry it: pass it as `tag` to GET /v1/articles.' }),
                article_count: z.int().min(1).meta({ description: "How many of the project's published articles carry it." }),
              }),
            )
            .meta({ description: 'Every tag of the published articles, most used first, then by name.' }),
        })
        .meta({ description: "The project's tags." }),
    }),
  ),
  doc: {
    tag: 'Content API',
    ok: 'OwnTagList',
    errors: KEYED_READ_ERRORS,
    summary: "A project's tags with their article counts.",
    description:
      'Every tag the published articles of the project carry (unpublished and redirected ones left out, as GET /v1/articles leaves them out), with how many carry it: what a site needs for its tag pages. Whole: not paginated.',
  },
  tool: {
    name: 'list_tags',
    title: "List a project's tags",
    description:
      "Every tag of a project's published articles with how many carry it, most used first: what tag pages need. Pass one as tag to list_articles for its articles. Counts as a list request. The same answer as GET /v1/tags.",
  },
});
