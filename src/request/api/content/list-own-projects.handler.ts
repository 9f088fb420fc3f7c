import { listProjects } from '../../../store/repos/projects.ts';
import { answer } from '../http/answer.ts';
import { contentHandler } from './content-deps.ts';
import { listOwnProjects } from '../../../model/endpoints/content/list-own-projects.endpoint.ts';

export default contentHandler(listOwnProjects, async ({ access }, { sql }) => {
  const rows = await listProjects(sql, access.accountId!);
  return answer(listOwnProjects, {
    data: { items: rows.map((p) => ({ id: p.id, name: p.name, ...(p.url ? { url: p.url } : {}), api_enabled: p.api_enabled })) },
  });
});
