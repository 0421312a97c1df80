import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import { viewerStanding } from '../../services/bans/standing.ts';
import { toApiBan } from '../../services/serialize/ban.ts';
import { toApiUser } from '../../services/serialize/user.ts';
import { optionalIconImage, ISLAND_ICON_SIZES } from '../../../lib/images/image-url.ts';
import { BanSchema } from '../ban-schemas.ts';
import { ImageAttributesSchema } from '../image-schemas.ts';
import { bearerSecurity, errorResponses, UserSchema } from '../schemas.ts';

const SignedInUserSchema = UserSchema.extend({
  avatar: ImageAttributesSchema.optional().openapi({
    description: 'The account picture through the site’s image endpoint (signed), at the size the menu shows it.',
  }),
  ban: BanSchema.optional().openapi({
    description: 'Nodeyard: present while the account is banned: why, since when, and its latest appeal.',
  }),
  banned_publishers: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: z.enum(['owner', 'member']),
        ban: BanSchema,
      }),
    )
    .openapi({
      description:
        'Nodeyard: the banned publishers where the user holds a role, each with its ban (owners may appeal it); ' +
        'empty when none is banned.',
    }),
}).openapi('SignedInUser');

const route = createRoute({
  method: 'get',
  path: '/users',
  operationId: 'getUser',
  tags: ['Users'],
  summary: 'The signed-in user, with isAdmin and what is banned',
  description:
    'Banned users may call it (it is how they learn about their ban). `ban` and `banned_publishers` are what the ' +
    "site's ban notice shows on every page.",
  security: bearerSecurity,
  responses: {
    200: { description: 'The current user', content: { 'application/json': { schema: SignedInUserSchema } } },
    ...errorResponses(401),
  },
});

export function registerGetUser(app: App) {
  app.openapi(route, async (c) => {
    const user = await requireUser(c);
    const { db, imageUrls } = c.get('services');
    // The menu shows the picture through /_image, whose URLs only the server can sign.
    const avatar = optionalIconImage(imageUrls.sign, user.photoUrl, ISLAND_ICON_SIZES.avatar);
    const standing = await viewerStanding(db, user);
    return c.json(
      {
        ...toApiUser(user),
        ...(avatar ? { avatar } : {}),
        ...(standing.ban ? { ban: toApiBan(standing.ban) } : {}),
        banned_publishers: standing.bannedPublishers.map(({ publisher, role, ban }) => ({
          id: publisher.id,
          name: publisher.name,
          role,
          ban: toApiBan(ban),
        })),
      },
      200,
    );
  });
}
