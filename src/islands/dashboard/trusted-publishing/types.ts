import type { ApiSchema } from '../../../lib/api/types.ts';

export type TrustedPublisherList = ApiSchema<'TrustedPublisherList'>;
export type TrustedPublisher = ApiSchema<'TrustedPublisher'>;
export type NewTrustedPublisher = ApiSchema<'CreateTrustedPublisherRequest'>;
