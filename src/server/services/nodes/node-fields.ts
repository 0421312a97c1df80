import type { nodes } from '../../db/schema/index.ts';

/** The node fields a publisher may edit, as the API names them (already validated at the edge). */
export interface NodeFieldsInput {
  name?: string | undefined;
  description?: string | null | undefined;
  category?: string | null | undefined;
  author?: string | null | undefined;
  license?: string | null | undefined;
  icon?: string | null | undefined;
  banner_url?: string | null | undefined;
  repository?: string | null | undefined;
  tags?: string[] | null | undefined;
  supported_os?: string[] | null | undefined;
  supported_accelerators?: string[] | null | undefined;
  supported_comfyui_version?: string | null | undefined;
  supported_comfyui_frontend_version?: string | null | undefined;
}

type EditableColumn =
  | 'name'
  | 'description'
  | 'category'
  | 'author'
  | 'license'
  | 'icon'
  | 'bannerUrl'
  | 'repository'
  | 'tags'
  | 'supportedOs'
  | 'supportedAccelerators'
  | 'supportedComfyuiVersion'
  | 'supportedComfyuiFrontendVersion';
type NodeColumns = Partial<Pick<typeof nodes.$inferInsert, EditableColumn>>;

const text = (value: string | null | undefined) => (value === '' ? null : value);
const list = (value: string[] | null | undefined) => (value === null ? [] : value);

/** API fields → columns. Absent fields stay out (unchanged); '' or null clears; description is never null. */
export function toNodeColumns(input: NodeFieldsInput): NodeColumns {
  const columns: { [K in keyof NodeColumns]-?: NodeColumns[K] | undefined } = {
    name: input.name,
    description: input.description === null ? '' : input.description,
    category: text(input.category),
    author: text(input.author),
    license: text(input.license),
    icon: text(input.icon),
    bannerUrl: text(input.banner_url),
    repository: text(input.repository),
    tags: list(input.tags),
    supportedOs: list(input.supported_os),
    supportedAccelerators: list(input.supported_accelerators),
    supportedComfyuiVersion: text(input.supported_comfyui_version),
    supportedComfyuiFrontendVersion: text(input.supported_comfyui_frontend_version),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as NodeColumns;
}
