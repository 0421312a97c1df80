// Every machine code the API puts in `{error, message}`: the server may only throw these (ApiError is typed with
// them), and the islands translate each code a person can meet (`src/i18n/locales/errors/{lang}.json`).

/** Codes a signed-in person can meet in the islands (dashboard, account, admin, claims, reports): each has a message. */
export const USER_FACING_ERROR_CODES = [
  // Generic answers of any route.
  'bad_request',
  'validation_error',
  'invalid_body',
  'invalid_characters',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'http_error',
  'internal_error',
  // Raised by the islands' API client itself.
  'network_error',
  // Accounts and roles.
  'user_banned',
  'admin_required',
  'self_demotion',
  'self_ban',
  'customer_required',
  'session_revoked',
  // Publishers and their members.
  'not_a_member',
  'owner_required',
  'publisher_banned',
  'invalid_publisher_id',
  'reserved_publisher_id',
  'publisher_id_taken',
  'publisher_id_retired',
  'publisher_limit_reached',
  'publisher_has_nodes',
  'publisher_reserved',
  // Nodes and versions.
  'invalid_node_id',
  'invalid_repository',
  'node_id_taken',
  'node_id_confusable',
  'repository_taken',
  'email_not_verified',
  'review_not_applicable',
  'review_already_requested',
  'node_banned',
  'node_owned_elsewhere',
  'version_banned',
  'version_exists',
  'archive_missing',
  'not_rescannable',
  'archive_ambiguous',
  'translations_too_large',
  // Yank and minimum release age (issue 29).
  'invalid_min_age',
  'no_version_old_enough',
  // What changed between two versions (issue 29.3).
  'version_not_found',
  'same_version',
  'no_previous_version',
  // A zip uploaded from the dashboard (its own pyproject.toml says what it publishes).
  'invalid_archive',
  'pyproject_missing',
  'pyproject_invalid',
  'pyproject_field_invalid',
  'publisher_id_mismatch',
  // Claims through GitHub.
  'node_already_claimed',
  'node_repository_not_github',
  'github_repo_not_found',
  'github_permission_denied',
  'github_token_invalid',
  'github_code_invalid',
  'github_rate_limited',
  'github_unavailable',
  'github_oauth_not_configured',
  'github_oauth_rejected',
  'oauth_state_invalid',
  'oauth_state_expired',
  'oauth_state_used',
  'oauth_state_other_user',
  // Admin actions.
  'not_undoable',
  'not_yours',
  'already_undone',
  'undo_conflict',
  // Credits.
  'invalid_amount',
  'insufficient_balance',
  // Pack reports.
  'report_closed',
  'report_rate_limited',
  // Quarantine (services/quarantine/): a version reports took offline until an admin decides.
  'quarantined',
  'not_quarantined',
  // Security advisories (services/advisories/): a malware advisory blocks installs; admins' advisory edits.
  'advisory_blocked',
  'invalid_advisory',
  'advisory_withdrawn',
  'advisory_needs_ban',
  // Ban appeals.
  'appeal_not_applicable',
  'appeal_already_open',
  'appeal_closed',
  // A read-only mirror of another registry (MIRROR_UPSTREAM) takes no writes.
  'read_only_mirror',
  // Trusted publishing (issue 28): the OIDC exchange's refusals, the CI-only switch.
  'oidc_token_malformed',
  'oidc_unknown_issuer',
  'oidc_issuer_unavailable',
  'oidc_bad_signature',
  'oidc_wrong_audience',
  'oidc_token_expired',
  'oidc_token_not_yet_valid',
  'oidc_no_matching_publisher',
  'oidc_token_replayed',
  'trusted_credential_wrong_node',
  'trusted_publishing_required',
  'invalid_ref_pattern',
  // Webhooks (services/webhooks/): where a publisher's events are sent.
  'webhook_url_refused',
  'webhook_limit_reached',
] as const;

/** Codes only machines meet (CLI publishing, CI uploads, vendor proxies, webhooks): their English text is enough. */
export const MACHINE_ERROR_CODES = [
  'already_uploaded',
  'comfy_nodes_exist',
  // The signed index: a changes cursor it can no longer (or never could) answer.
  'cursor_expired',
  'cursor_unknown',
  'invalid_content_length',
  'invalid_image',
  'invalid_json',
  'invalid_multipart',
  'invalid_path',
  'invalid_signature',
  'invalid_token',
  'invalid_version',
  'missing_file',
  'node_id_mismatch',
  'node_version_banned',
  'no_workflow_in_image',
  'not_a_workflow',
  'publish_in_progress',
  'release_exists',
  'release_not_processable',
  'service_token_required',
  'token_creator_not_member',
  'token_expired',
  'token_revoked',
  'too_many_classes',
  'unsupported_event',
  'unsupported_media_type',
  'url_expired',
  'vendor_not_configured',
  'vendor_redirect',
  'vendor_response_too_large',
  'vendor_timeout',
  'vendor_unreachable',
  'vendor_unsupported_type',
  'version_closed',
  'webhook_not_configured',
  'workflow_too_large',
] as const;

export type UserFacingErrorCode = (typeof USER_FACING_ERROR_CODES)[number];
export type ApiErrorCode = UserFacingErrorCode | (typeof MACHINE_ERROR_CODES)[number];

/** What a field-level problem in a `validation_error` was (`details[].code`), so islands can say it in words. */
export const VALIDATION_ISSUES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_value',
  'invalid',
] as const;
export type ValidationIssue = (typeof VALIDATION_ISSUES)[number];
