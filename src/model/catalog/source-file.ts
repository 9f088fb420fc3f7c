/** A content file as read: its text (for positions of problems) and its parsed data. */
export interface SourceFile {
  /** Path relative to the working directory, for messages. */
  file: string;
  /** The whole file. */
  source: string;
  /** Where the YAML starts in `source`: after the opening `---` of a markdown file, 0 for a YAML file. */
  yamlStart: number;
  /** Where the YAML ends in `source` (for a markdown file, the start of the closing `---` line). */
  yamlEnd: number;
}
