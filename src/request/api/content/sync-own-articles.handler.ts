import { preparedAnswer } from '../http/answer.ts';
import { contentHandler } from './content-deps.ts';
import { requireProject } from './require-project.ts';
import { syncFeed } from './sync-feed.ts';
import { syncOwnArticles } from '../../../model/endpoints/content/sync-own-articles.endpoint.ts';

export default contentHandler(syncOwnArticles, async ({ access, query }, { sql }) => {
  const page = await syncFeed(sql, { projectId: requireProject(access), accountId: access.accountId! }, query);
  return preparedAnswer(syncOwnArticles, page.prepared!);
});
