import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import { toApiUser } from '../../services/serialize/user.ts';
import { optionalIconImage, ISLAND_ICON_SIZES } from '../../../lib/images/image-url.ts';
import { ImageAttributesSchema } from '../image-schemas.ts';
import { bearerSecurity, errorResponses, UserSchema } from '../schemas.ts';

const SignedInUserSchema = UserSchema.extend({
  avatar: ImageAttributesSchema.optional().openapi({
    description: 'The account picture through the site’s image endpoint (signed), at the size the menu shows it.',
  }),
}).openapi('SignedInUser');

const route = createRoute({
  method: 'get',
  path: '/users',
  operationId: 'getUser',
  tags: ['Users'],
  summary: 'The signed-in user, with isAdmin',
  security: bearerSecurity,
  responses: {
    200: { description: 'The current user', content: { 'application/json': { schema: SignedInUserSchema } } },
    ...errorResponses(401),
  },
});

export function registerGetUser(app: App) {
  app.openapi(route, async (c) => {
    const user = await requireUser(c);
    // The menu shows the picture through /_image, whose URLs only the server can sign.
    const avatar = optionalIconImage(c.get('services').imageUrls.sign, user.photoUrl, ISLAND_ICON_SIZES.avatar);
    return c.json({ ...toApiUser(user), ...(avatar ? { avatar } : {}) }, 200);
  });
}
