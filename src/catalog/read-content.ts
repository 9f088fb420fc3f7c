import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import { ContentError } from './content-error.ts';

export interface ContentFile {
  /** Path relative to the project, for error messages. */
  file: string;
  /** Path inside the collection folder without `.md`: `docs/public-api`. */
  name: string;
  data: Record<string, unknown>;
  body: string;
}

const display = (path: string) => relative(process.cwd(), path) || path;

/** Every `.md` file under `dir` (recursively), sorted by name so builds are deterministic. */
export function readMarkdownDir(dir: string): ContentFile[] {
  if (!existsSync(dir)) return [];
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md') && !f.split(/[\\/]/).some((part) => part.startsWith('_') || part === 'README.md'))
    .sort();
  return files.map((f) => {
    const path = join(dir, f);
    try {
      const { data, content } = matter(readFileSync(path, 'utf8'));
      return { file: display(path), name: f.slice(0, -3).replaceAll('\\', '/'), data, body: content.trim() };
    } catch (err) {
      throw new ContentError(display(path), `frontmatter is not valid YAML: ${(err as Error).message}`);
    }
  });
}

export function readYamlFile(path: string): { file: string; data: unknown } {
  try {
    return { file: display(path), data: parseYaml(readFileSync(path, 'utf8')) };
  } catch (err) {
    throw new ContentError(display(path), `not valid YAML: ${(err as Error).message}`);
  }
}
