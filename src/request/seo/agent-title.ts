/**
 * An agent page's title as a sentence: "Quill, the AI agent that writes the long-form articles, in your voice".
 * Taglines are verb phrases ("Writes the long-form articles, in your voice."), so they follow "that" once lowered.
 */
export function agentTitle(agent: { name: string; tagline: string }): string {
  const phrase = agent.tagline.trim().replace(/[.!]$/, '');
  return `${agent.name}, the AI agent that ${phrase[0]!.toLowerCase()}${phrase.slice(1)}`;
}
