// Stage 1, decode: the request's URL parsed and its path decoded, exactly once (DESIGN rule 1). Every later stage
// sees decoded segments and never decodes again.
import { decodePath, type DecodedPath } from '../../../../model/core/decode-path.ts';

interface Decoded {
  url: URL;
  path: DecodedPath;
}

export function decode(req: Request): Decoded {
  const url = new URL(req.url);
  return { url, path: decodePath(url.pathname) };
}
