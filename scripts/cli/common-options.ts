// Options several commands declare, each declared once here (command.ts explains the fields).
import type { OptionSpec } from './command.ts';

export const projectOption: OptionSpec = { type: 'string', value: 'ID', required: true, help: 'The project (prj_...).' };
export const slugOption: OptionSpec = { type: 'string', value: 'S', required: true, help: "The article's slug." };
export const accountOption: OptionSpec = { type: 'string', value: 'ID', required: true, help: 'The account (acc_...).' };
export const limitOption: OptionSpec = { type: 'string', value: 'N', help: 'At most N rows, 1 to 1000 (default 50).' };
export const yesOption: OptionSpec = {
  type: 'boolean',
  help: 'Confirms without asking; needed when not on a terminal (scripts, CI).',
};
/** The project and slug that name one article. */
export const articleOptions = { project: projectOption, slug: slugOption };
