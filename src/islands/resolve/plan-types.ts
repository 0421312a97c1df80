// The answer of POST /workflows/resolve, as the island reads it (kept apart from the server's types:
// islands never import server code).

export interface PlanPackRef {
  id: string;
  name: string;
  latest_version?: string;
  repository?: string;
}

export interface PlanPack extends PlanPackRef {
  classes: string[];
  alternatives?: (PlanPackRef & { classes: string[] })[];
}

export interface InstallPlan {
  packs: PlanPack[];
  core: string[];
  virtual: string[];
  unresolved: string[];
  install_command: string;
  manual_installs: { id: string; name: string; repository?: string }[];
}
