import type { VersionStatus } from './api-types.ts';

export type StatusTone = 'ok' | 'wait' | 'warn' | 'bad';

/** The short i18n keys under dashboard.status. */
export type VersionStatusWord = 'active' | 'pending' | 'flagged' | 'banned' | 'deleted' | 'unknown';

/** The short i18n key (under dashboard.status) and colour tone of a version status. */
export function versionStatusView(status: VersionStatus | undefined): { key: VersionStatusWord; tone: StatusTone } {
  switch (status) {
    case 'NodeVersionStatusActive':
      return { key: 'active', tone: 'ok' };
    case 'NodeVersionStatusPending':
      return { key: 'pending', tone: 'wait' };
    case 'NodeVersionStatusFlagged':
      return { key: 'flagged', tone: 'warn' };
    case 'NodeVersionStatusBanned':
      return { key: 'banned', tone: 'bad' };
    case 'NodeVersionStatusDeleted':
      return { key: 'deleted', tone: 'bad' };
    default:
      return { key: 'unknown', tone: 'wait' };
  }
}
