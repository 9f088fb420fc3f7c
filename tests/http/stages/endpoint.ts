// The registry's endpoint of an id, for the stage tests.
import { endpoints, type Endpoint } from '../../../src/model/endpoints/registry.ts';

export const endpoint = (id: string): Endpoint => {
  const found = endpoints.find((e) => e.id === id);
  if (!found) throw new Error(`no endpoint ${id}`);
  return found;
};
