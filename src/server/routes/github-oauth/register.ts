import type { App } from '../../app-env.ts';
import { registerCompleteGitHubOAuth } from './complete-oauth.ts';
import { registerStartGitHubOAuth } from './start-oauth.ts';

/** Our own routes for the GitHub round-trip of claim-my-node (the site's claim flow). */
export function registerGitHubOAuthRoutes(app: App) {
  registerStartGitHubOAuth(app);
  registerCompleteGitHubOAuth(app);
}
