import * as z from 'astro/zod';

export const Pagination = z
  .object({
    page: z.int().min(1).meta({ description: "This page's number, from 1." }),
    limit: z.int().min(1).meta({ description: 'The most items a page holds.' }),
    total: z.int().min(0).meta({ description: 'How many items the whole list holds.' }),
    total_pages: z.int().min(0).meta({ description: 'How many pages the whole list fills (0 when it is empty).' }),
    has_more: z.boolean().meta({ description: 'True when a later page holds more items.' }),
  })
  .meta({ description: 'Where a page sits in its list: ask for `page + 1` while `has_more` is true.' });
export type Pagination = z.infer<typeof Pagination>;

export const single = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const list = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z
      .object({
        items: z.array(item).meta({ description: "This page's items, in the list's order." }),
        pagination: Pagination,
      })
      .meta({ description: 'One page of the list.' }),
  });

/** The flat error body of spec section 7. */
export const ErrorBody = z.object({
  code: z.string().meta({ description: 'Stable code to branch on (spec section 7).' }),
  message: z.string().meta({ description: 'Human-readable; names the bad parameter for invalid_query.' }),
});

export const Health = z
  .object({
    status: z.literal('ok').meta({ description: 'Always `ok`: the API answers.' }),
    time: z.iso.datetime().meta({ description: "The server's clock when it answered (date-time, UTC)." }),
  })
  .meta({ description: 'The API is up.' });
export const ApiIndex = z
  .object({
    name: z.string().meta({ description: "The API's name." }),
    version: z.string().meta({ description: "The API's version (the OpenAPI document's `info.version`)." }),
    documentation: z.url().meta({ description: "The API's developer docs (absolute URL)." }),
    openapi: z.url().meta({ description: 'This OpenAPI document as JSON (absolute URL).' }),
    llms_txt: z.url().meta({ description: "The site's llms.txt index (absolute URL)." }),
    endpoints: z
      .array(
        z.object({
          path: z.string().meta({ description: "The endpoint's path, with `:name` for a path parameter." }),
          url: z.url().meta({ description: 'The same path as an absolute URL.' }),
          description: z.string().meta({ description: 'What the endpoint returns, in a line.' }),
        }),
      )
      .meta({ description: "Every endpoint of the public API, in the route table's order." }),
  })
  .meta({ description: 'What the public API is and where its endpoints and descriptions are.' });
