export interface QueueFinding {
  rule_id: string;
  severity: string;
  line: number | null;
  snippet: string;
  message: string;
  knownInPreviousVersion: boolean;
}

export interface QueueItem {
  version: {
    id: string;
    version: string;
    status: string;
    status_reason?: string;
    createdAt?: string;
    downloadUrl?: string;
  };
  node: { id: string; name: string; publisher_id: string; repository?: string; status: string };
  previous_approved_version: string | null;
  scan: { outcome: string; ruleset_version: string; scanned_at: string; error: string | null } | null;
  finding_count: number;
  files: { file: string; findings: QueueFinding[] }[];
  /** The publisher's open request for another look (Nodeyard). */
  review_request?: { message: string; requested_by: string | null; created_at: string } | null;
}

export interface QueuePage {
  items: QueueItem[];
  total: number;
  page: number;
  totalPages: number;
}

export type Decision = 'approve' | 'flag' | 'ban';
