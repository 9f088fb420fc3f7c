// Publishing an article as the operator CLI does it: its images measured first (measure-images.ts, outside any
// transaction: fetching may take seconds), then the article written and its webhook event queued in one transaction
// (src/store/repos/articles.ts). An image that cannot be fetched or read is a warning; one not decoded within its
// time fails the publish, naming it (measure-images.ts).
import type { Sql } from 'postgres';
import type { Config } from '../../model/config.ts';
import type { OwnArticleInput } from '../../model/schemas/own-article.ts';
import { publishArticle } from '../../store/repos/articles.ts';
import type { Resolver, TargetPolicy } from '../webhooks/vet-target.ts';
import { measureImages } from './measure-images.ts';

/**
 * Where images may be fetched from: public hosts over https or http (a GET for an image sends nothing), loopback and
 * private networks only with SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1 (local development), as for webhooks.
 */
export const imagePolicy = (config: Pick<Config, 'SKRIBRA_WEBHOOK_ALLOW_PRIVATE'>): TargetPolicy => ({
  allowHttp: true,
  allowPrivate: config.SKRIBRA_WEBHOOK_ALLOW_PRIVATE,
});

export async function publishWithImages(
  sql: Sql,
  projectId: string,
  input: OwnArticleInput,
  config: Pick<Config, 'SKRIBRA_WEBHOOK_ALLOW_PRIVATE'>,
  resolver?: Resolver,
): Promise<{ id: string; slug: string; created: boolean; delivery_id?: string; warnings?: string[] }> {
  const { article, warnings } = await measureImages(input, { policy: imagePolicy(config), ...(resolver ? { resolver } : {}) });
  const published = await publishArticle(sql, projectId, article);
  return warnings.length ? { ...published, warnings } : published;
}
