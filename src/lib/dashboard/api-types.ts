// The API shapes the dashboard reads (a subset of the contract's, field casing as the API sends it).

export type PublisherStatus = 'PublisherStatusActive' | 'PublisherStatusBanned';
export type NodeStatus = 'NodeStatusActive' | 'NodeStatusDeleted' | 'NodeStatusBanned';
export type VersionStatus =
  | 'NodeVersionStatusActive'
  | 'NodeVersionStatusDeleted'
  | 'NodeVersionStatusBanned'
  | 'NodeVersionStatusPending'
  | 'NodeVersionStatusFlagged';

export interface Publisher {
  id: string;
  name: string;
  description?: string;
  status?: PublisherStatus;
  createdAt?: string;
}

export interface RegistryNode {
  id: string;
  name: string;
  description: string;
  license?: string;
  icon?: string;
  repository?: string;
  tags?: string[];
  status?: NodeStatus;
  downloads?: number;
  latest_version?: { version: string };
  publisher?: { id: string; name: string };
}

export interface NodePage {
  nodes: RegistryNode[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface NodeVersion {
  id: string;
  version: string;
  createdAt?: string;
  changelog?: string;
  deprecated?: boolean;
  /** The publisher's note while deprecated. */
  deprecation_message?: string;
  status?: VersionStatus;
  status_reason?: string;
  downloadUrl?: string;
}

export interface AccessToken {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  displayPrefix: string;
  expiresAt?: string;
  lastUsedAt?: string;
}

export interface CreatedAccessToken extends AccessToken {
  /** The secret: in the create response only, never again. */
  token: string;
}

export interface PublisherIdCheck {
  isAvailable: boolean;
  error?: string;
  message?: string;
}
