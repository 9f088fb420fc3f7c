import * as z from 'astro/zod';

export const Pagination = z.object({
  page: z.int().min(1),
  limit: z.int().min(1),
  total: z.int().min(0),
  total_pages: z.int().min(0),
  has_more: z.boolean(),
});
export type Pagination = z.infer<typeof Pagination>;

export const single = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const list = <T extends z.ZodType>(item: T) => z.object({ data: z.object({ items: z.array(item), pagination: Pagination }) });

/** The flat error body of spec section 7. */
export const ErrorBody = z.object({ code: z.string(), message: z.string() });

export const Health = z.object({ status: z.literal('ok'), time: z.iso.datetime() });
export const ApiIndex = z.object({
  name: z.string(),
  version: z.string(),
  documentation: z.url(),
  openapi: z.url(),
  llms_txt: z.url(),
  endpoints: z.array(z.object({ path: z.string(), url: z.url(), description: z.string() })),
});
