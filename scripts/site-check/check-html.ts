// The Nu HTML Checker (vnu.jar from the vnu-jar package; Java 17 or later on PATH or in JAVA_HOME) over every HTML
// file of a build, in one Java process. Every error (warnings aside) is a failure, named by page, line and column.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

export interface HtmlReport {
  files: number;
  problems: string[];
}

interface Message {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** Every `.html` file under `dir`. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The page's path for a file of the build: `x/index.html` is `/x/`. */
function pathOf(distDir: string, file: string): string {
  const rel = `/${relative(distDir, file)}`;
  return rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel;
}

/** Checks every page of `distDir`, or only those whose path (`/about/`) `only` keeps. */
export function checkHtml(distDir: string, only: (path: string) => boolean = () => true): HtmlReport {
  const files = htmlFiles(distDir).filter((f) => only(pathOf(distDir, f)));
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const run = spawnSync(java, ['-Xss16m', '-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw new Error(`cannot run the Nu HTML Checker (${java} -jar ${vnuJar}): ${run.error.message}`);
  let messages: Message[];
  try {
    messages = (JSON.parse(run.stderr) as { messages: Message[] }).messages;
  } catch {
    throw new Error(`the Nu HTML Checker answered no report (exit ${run.status}):\n${run.stderr}${run.stdout}`);
  }
  const problems = messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
    .map((m) => {
      const page = m.url ? pathOf(distDir, decodeURI(new URL(m.url).pathname)) : '(checker)';
      const at = m.lastLine ? ` (line ${m.lastLine}${m.firstColumn ? `, column ${m.firstColumn}` : ''})` : '';
      return `${page}${at}: ${m.message}${m.extract ? ` [${m.extract.replace(/\s+/g, ' ').trim()}]` : ''}`;
    });
  return { files: files.length, problems };
}
