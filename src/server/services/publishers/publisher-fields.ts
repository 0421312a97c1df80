import type { publishers } from '../../db/schema/index.ts';

/** The editable publisher fields as the API names them. */
export interface PublisherFieldsInput {
  name?: string | undefined;
  description?: string | null | undefined;
  website?: string | null | undefined;
  support?: string | null | undefined;
  source_code_repo?: string | null | undefined;
  logo?: string | null | undefined;
}

type PublisherColumns = Partial<
  Pick<typeof publishers.$inferInsert, 'name' | 'description' | 'website' | 'support' | 'sourceCodeRepo' | 'logo'>
>;

const clear = (value: string | null | undefined) => (value === '' ? null : value);

/** API fields → columns. Absent fields are left out (unchanged); '' or null clears a field. */
export function toPublisherColumns(input: PublisherFieldsInput): PublisherColumns {
  const columns: { [K in keyof PublisherColumns]-?: PublisherColumns[K] | undefined } = {
    name: input.name,
    description: clear(input.description),
    website: clear(input.website),
    support: clear(input.support),
    sourceCodeRepo: clear(input.source_code_repo),
    logo: clear(input.logo),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as PublisherColumns;
}
