// Agent avatars, written at build as static SVG files.
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteContent } from '../../../data/site-content.ts';
import { agentAvatarSvg } from '../../../components/agent-avatar.ts';

export const getStaticPaths: GetStaticPaths = () =>
  siteContent().catalog.agents.map((a) => ({ params: { slug: a.slug }, props: { agent: { slug: a.slug, name: a.name } } }));

export const GET: APIRoute = ({ props }) =>
  new Response(agentAvatarSvg(props.agent as { slug: string; name: string }), { headers: { 'content-type': 'image/svg+xml' } });
