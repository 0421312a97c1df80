import { describe, expect, it } from 'vitest';
import { NO_UPLOAD_REASON } from '../archives/await-upload.ts';
import { statusReasonOf } from './status-reason.ts';
import { SCAN_FAILED_REASON } from './verdict.ts';

const flagged = 'NodeVersionStatusFlagged' as const;
const composed = 'Flagged by the automated scan (rules 2026.11.2): 1 critical. PY002 at __init__.py:2';

describe('statusReasonOf', () => {
  it('names the scanner (without its English sentence) when the scan set the reason', () => {
    expect(
      statusReasonOf({ status: flagged, statusReason: composed }, { appliedStatus: flagged, appliedReason: composed }),
    ).toEqual({ source: 'scan', text: null });
    expect(
      statusReasonOf(
        { status: flagged, statusReason: SCAN_FAILED_REASON },
        { appliedStatus: flagged, appliedReason: SCAN_FAILED_REASON },
      ),
    ).toEqual({ source: 'scan_failed', text: null });
  });

  it("keeps a moderator's reason as written, even on a version the scanner had flagged", () => {
    const reason = 'Decodes and runs a payload — please remove it.';
    expect(
      statusReasonOf(
        { status: 'NodeVersionStatusBanned', statusReason: reason },
        { appliedStatus: flagged, appliedReason: composed },
      ),
    ).toEqual({ source: 'moderator', text: reason });
    expect(statusReasonOf({ status: flagged, statusReason: reason }, null)).toEqual({
      source: 'moderator',
      text: reason,
    });
  });

  it('tells upload refusals apart and says nothing when there is no reason', () => {
    expect(
      statusReasonOf({ status: 'NodeVersionStatusPending', statusReason: 'Archive rejected: not a zip' }, null),
    ).toEqual({ source: 'upload', text: 'not a zip' });
    expect(statusReasonOf({ status: 'NodeVersionStatusPending', statusReason: NO_UPLOAD_REASON }, null)).toEqual({
      source: 'upload',
      text: null,
    });
    expect(statusReasonOf({ status: 'NodeVersionStatusActive', statusReason: '  ' }, null)).toEqual({
      source: 'none',
      text: null,
    });
  });
});
