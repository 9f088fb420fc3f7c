// Each agent's avatar: an SVG made at build from its name and slug (one hue per agent, its initial, a nib mark),
// served at /images/agents/{slug}.svg by src/site/pages/images/agents/[slug].svg.ts.
export const agentAvatarPath = (slug: string): string => `/images/agents/${slug}.svg`;

const HUES: Record<string, number> = { atlas: 200, quill: 250, iris: 320, courier: 160, phoenix: 20, solomon: 45, weaver: 280 };

/** A stable hue for an agent: the table above, else one derived from the slug. */
export const agentHue = (slug: string): number => HUES[slug] ?? [...slug].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);

export function agentAvatarSvg(agent: { slug: string; name: string }): string {
  const h = agentHue(agent.slug);
  const initial = agent.name.trim()[0]!.toUpperCase().replace(/[<&>]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${agent.name.replace(/[<&>"]/g, '')}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 75% 58%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 70% 38%)"/></linearGradient></defs>
<rect width="128" height="128" rx="64" fill="url(#g)"/>
<circle cx="64" cy="64" r="44" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="2"/>
<circle cx="98" cy="34" r="8" fill="#fb923c"/>
<text x="64" y="82" text-anchor="middle" font-family="Inter, Arial, Helvetica, sans-serif" font-size="52" font-weight="700" fill="#fff">${initial}</text>
</svg>`;
}
