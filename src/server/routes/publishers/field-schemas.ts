import { z } from '@hono/zod-openapi';
import { isWebUrl } from '../../../lib/url/web-url.ts';

// Field validators shared by the publisher and node bodies. An empty string or null clears an
// optional field; anything else must be well-formed.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value);

/** Optional text: trimmed, capped; '' or null clears it. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Optional http(s) URL; '' or null clears it. */
export const optionalUrl = () =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || isWebUrl(v), { message: 'must be an http:// or https:// URL' })
    .nullable()
    .optional();

/** Optional support contact: an e-mail address or an http(s) URL. */
export const optionalSupport = () =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || isEmail(v) || isWebUrl(v), {
      message: 'must be an e-mail address or an http:// or https:// URL',
    })
    .nullable()
    .optional();

/** A short list of labels (tags, OS names, accelerators): trimmed, non-empty, de-duplicated. */
export const labelList = (maxItems: number) =>
  z
    .array(z.string().trim().min(1, 'must not be empty').max(50))
    .max(maxItems)
    .transform((items) => [...new Set(items)])
    .nullable()
    .optional();

/** '' and null both mean "no value" in the database. */
export const emptyToNull = (value: string | null | undefined): string | null | undefined =>
  value === '' ? null : value;
