import { readPackProject, type PackProject, type PyprojectProblem } from '../../analysis/pack/pyproject.ts';
import { validateZip, zipLimitsFor } from '../../analysis/pack/validate-zip.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ApiError, badRequest } from '../../errors.ts';

// A zip uploaded from the dashboard carries no request body beside it: what it publishes is read
// from its own pyproject.toml, after the same archive rules every archive meets (validate-zip.ts,
// the check the upload URL and the S3 job apply), so a bad zip is refused before anything is written.

const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'payload_too_large', `The archive is larger than the limit of ${maxBytes} bytes.`);

function pyprojectError(read: PyprojectProblem): ApiError {
  switch (read.problem) {
    case 'missing':
      return read.nestedIn
        ? badRequest(
            `pyproject.toml is inside the folder "${read.nestedIn}/": zip that folder's contents, not the folder ` +
              '(comfy node pack does).',
            'pyproject_missing',
            [{ path: `${read.nestedIn}/pyproject.toml`, message: 'pyproject.toml is not at the top of the zip' }],
          )
        : badRequest(
            'The zip has no pyproject.toml at its top level: run comfy node pack in the node’s folder.',
            'pyproject_missing',
          );
    case 'unreadable':
      return badRequest(read.message, 'pyproject_invalid', [
        { path: read.line ? `pyproject.toml:${read.line}` : 'pyproject.toml', message: read.message },
      ]);
    case 'field':
      return badRequest(
        read.issue === 'required'
          ? `pyproject.toml needs ${read.field}.`
          : `${read.field} in pyproject.toml has the wrong type.`,
        'pyproject_field_invalid',
        [{ path: read.field, message: read.issue, code: read.issue }],
      );
  }
}

/** The pack's pyproject fields, once the bytes are an acceptable archive with a usable pyproject.toml. */
export async function readUploadedPack(services: AppDeps, bytes: Uint8Array): Promise<PackProject> {
  const { maxArchiveBytes } = services.config;
  if (bytes.length > maxArchiveBytes) throw tooLarge(maxArchiveBytes);
  const check = await validateZip(bytes, zipLimitsFor(maxArchiveBytes));
  if (!check.ok) {
    throw badRequest(check.message, check.code, [
      { path: check.entry ?? '', message: check.message, rule: check.rule },
    ]);
  }
  const read = readPackProject(check.archive);
  if (!read.ok) throw pyprojectError(read);
  return read.project;
}

/** The upload goes to the publisher named in the URL; pyproject.toml must name the same one, as comfy-cli would publish to it. */
export function assertNamesPublisher(project: PackProject, publisherId: string): void {
  if (project.publisherId.toLowerCase() === publisherId.toLowerCase()) return;
  throw badRequest(
    `pyproject.toml names publisher "${project.publisherId}", but this upload is for publisher "${publisherId}": ` +
      'set [tool.comfy] PublisherId to it and pack again.',
    'publisher_id_mismatch',
    [{ path: 'tool.comfy.PublisherId', message: project.publisherId }],
  );
}
