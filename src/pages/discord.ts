import type { APIRoute } from 'astro';
import { COMMUNITY_INVITE_URL } from '../lib/site-config.ts';

// Temporary redirect so the invite can change without browsers caching the old one.
export const GET: APIRoute = () => new Response(null, { status: 302, headers: { Location: COMMUNITY_INVITE_URL } });
