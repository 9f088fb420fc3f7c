import { listProjectTags } from '../../../store/repos/project-tags.ts';
import { answer } from '../http/answer.ts';
import { contentHandler } from './content-deps.ts';
import { listOwnTags } from '../../../model/endpoints/content/list-own-tags.endpoint.ts';
import { requireProject } from './require-project.ts';

export default contentHandler(listOwnTags, async ({ access }, { sql }) => {
  const rows = await listProjectTags(sql, requireProject(access));
  return answer(listOwnTags, { data: { items: rows.map((t) => ({ name: t.name, article_count: t.count })) } });
});
