import type { AppConfig } from '../../app-deps.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { exchangeCode, type ExchangeInput } from './exchange-code.ts';

/** The OAuth app settings, or 503: without them the site cannot send anyone to GitHub. */
export function requireOAuthConfig(config: AppConfig): NonNullable<AppConfig['githubOAuth']> {
  if (!config.githubOAuth) {
    throw new ApiError(
      503,
      'github_oauth_not_configured',
      'Claiming through GitHub is not configured on this registry (GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET).',
    );
  }
  return config.githubOAuth;
}

/** The GitHub access token for an OAuth code, or the error to answer with. */
export async function exchangeCodeOrThrow(input: ExchangeInput): Promise<string> {
  const result = await exchangeCode(input);
  if (result.ok) return result.accessToken;
  switch (result.reason) {
    case 'invalid_code':
      throw badRequest(
        'GitHub did not accept the sign-in code (expired or already used). Start the claim again.',
        'github_code_invalid',
      );
    case 'rejected':
      // Our client id/secret or callback URL is wrong: the operator's problem, not the user's.
      throw new ApiError(
        502,
        'github_oauth_rejected',
        "GitHub refused this registry's OAuth app. Tell the registry operators.",
      );
    case 'unavailable':
      throw new ApiError(503, 'github_unavailable', 'GitHub could not be reached. Try again later.');
  }
}
