import type { Access } from '../../../store/repos/access.ts';
import { ApiError } from '../http/api-error.ts';

/** The project the access check found on the key's account. 404 project_not_found before 403 project_api_disabled: another account's project is not acknowledged. */
export function requireProject(access: Access): string {
  if (!access.project) throw new ApiError(404, 'project_not_found', 'No such project on this account.');
  if (!access.project.apiEnabled)
    throw new ApiError(403, 'project_api_disabled', 'The API is switched off for this project; switch it on in the dashboard.');
  return access.project.id;
}
