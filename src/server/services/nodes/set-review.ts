import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodeReviews, nodes } from '../../db/schema/index.ts';

/**
 * Records a user's star rating of a node: one per user per node, a second one replaces the first.
 * The node row is locked first, so concurrent reviews of a node run one after another and
 * total_star / total_review always equal the sum / count of the review rows.
 */
export async function setNodeReview(
  db: Db,
  input: { nodeId: string; userId: string; star: number; now: Date },
): Promise<NodeRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: nodes.id }).from(nodes).where(eq(nodes.id, input.nodeId)).for('update');
    const [existing] = await tx
      .select({ id: nodeReviews.id, star: nodeReviews.star })
      .from(nodeReviews)
      .where(and(eq(nodeReviews.nodeId, input.nodeId), eq(nodeReviews.userId, input.userId)));
    if (existing) {
      await tx
        .update(nodeReviews)
        .set({ star: input.star, updatedAt: input.now })
        .where(eq(nodeReviews.id, existing.id));
    } else {
      await tx.insert(nodeReviews).values({ nodeId: input.nodeId, userId: input.userId, star: input.star });
    }
    const [node] = await tx
      .update(nodes)
      .set({
        totalStar: sql`${nodes.totalStar} + ${input.star - (existing?.star ?? 0)}`,
        totalReview: sql`${nodes.totalReview} + ${existing ? 0 : 1}`,
      })
      .where(eq(nodes.id, input.nodeId))
      .returning();
    return node!;
  });
}
