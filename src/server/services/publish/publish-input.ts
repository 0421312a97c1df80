// What a publish request carries once validated at the edge. Optional fields may be absent or
// null (Python clients send None as null): both mean "not given".

type Maybe<T> = T | null | undefined;

export interface PublishNodeInput {
  id: string;
  name?: Maybe<string>;
  description?: Maybe<string>;
  icon?: Maybe<string>;
  /** A JSON-encoded string such as `{"text": "MIT"}`, stored as given. */
  license?: Maybe<string>;
  repository?: Maybe<string>;
  banner_url?: Maybe<string>;
  tags?: Maybe<string[]>;
  category?: Maybe<string>;
  author?: Maybe<string>;
  supported_os?: Maybe<string[]>;
  supported_accelerators?: Maybe<string[]>;
  supported_comfyui_version?: Maybe<string>;
  supported_comfyui_frontend_version?: Maybe<string>;
}

export interface PublishVersionInput {
  version: string;
  changelog?: Maybe<string>;
  dependencies?: Maybe<string[]>;
  supported_os?: Maybe<string[]>;
  supported_accelerators?: Maybe<string[]>;
  supported_comfyui_version?: Maybe<string>;
  supported_comfyui_frontend_version?: Maybe<string>;
}

export interface PublishRequest {
  publisherId: string;
  /** The node id of the path; the body's `node.id` must match it (case-insensitively). */
  nodeId: string;
  token: string | undefined;
  node: PublishNodeInput;
  nodeVersion: PublishVersionInput;
}
