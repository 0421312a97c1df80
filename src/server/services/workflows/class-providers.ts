import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { latestPublishedBy } from '../versions/aged-latest.ts';

/** A pack that can provide a class, with what the ranking needs. */
export interface PackInfo {
  id: string;
  name: string;
  repository?: string;
  /** The installable (Active) version `comfy node install` would get; absent for catalogue-only packs. */
  latestVersion?: string;
  latestDeprecated: boolean;
  /**
   * The pack has installable versions, but none published before the minimum release age: it is not
   * installable for this request (and not a manual install from its repository either, which would be newer).
   */
  heldBack?: boolean;
  supportedComfyuiVersion?: string;
  /** Someone manages the publisher (it has members): not an imported, unclaimed pack. */
  claimed: boolean;
  totalInstall: number;
  githubStars: number;
}

export interface Provider {
  pack: PackInfo;
  /** The pack lists the class in preempted_comfy_node_names (it claims the name). */
  preempts: boolean;
}

/** Class name → the public packs that define it. */
export type ClassProviders = Map<string, Provider[]>;

/** How the resolver finds providers: the database in the app, anything with the same answers in tests. */
export type ProviderLookup = (classNames: readonly string[]) => Promise<ClassProviders>;

interface Row extends Record<string, unknown> {
  class_name: string;
  id: string;
  name: string;
  repository: string | null;
  latest_version: string | null;
  latest_deprecated: boolean | null;
  supported_comfyui_version: string | null;
  claimed: boolean;
  preempts: boolean;
  total_install: number | string;
  github_stars: number;
}

/**
 * Every public pack defining any of the classes, in one statement: classes extracted from each
 * pack's latest installable version (comfy_nodes, by its name index), plus, for packs without
 * extracted classes (imported from a corpus), the class names of the catalogue. Banned and deleted
 * packs never answer.
 */
export function databaseProviders(db: Db, options: { publishedBy?: Date | undefined } = {}): ProviderLookup {
  return async (classNames) => {
    if (classNames.length === 0) return new Map();
    // One JSON parameter, unpacked into a text[] once: the same statement for any number of classes.
    const names = sql`(SELECT names FROM wanted)::text[]`;
    const result = await db.execute(sql`
      WITH wanted AS (
        SELECT array_agg(value) AS names FROM jsonb_array_elements_text(${JSON.stringify(classNames)}::jsonb)
      ),
      matches AS (
        SELECT cn.name AS class_name, nv.node_id
          FROM comfy_nodes cn
          JOIN node_versions nv ON nv.id = cn.node_version_id
          JOIN nodes n ON n.id = nv.node_id AND n.latest_version_id = nv.id
         WHERE cn.name = ANY(${names})
        UNION
        SELECT c.name, n.id
          FROM nodes n
          CROSS JOIN LATERAL jsonb_array_elements_text(n.catalog_comfy_node_names) AS c(name)
         WHERE n.catalog_comfy_node_names ?| ${names}
           AND c.name = ANY(${names})
           AND (n.latest_version_id IS NULL
                OR NOT EXISTS (SELECT 1 FROM comfy_nodes x WHERE x.node_version_id = n.latest_version_id))
      )
      SELECT m.class_name, n.id, n.name, n.repository, n.total_install, n.github_stars,
             v.version AS latest_version, v.deprecated AS latest_deprecated,
             v.supported_comfyui_version,
             n.preempted_comfy_node_names ? m.class_name AS preempts,
             EXISTS (SELECT 1 FROM publisher_permissions pp WHERE pp.publisher_id = n.publisher_id) AS claimed
        FROM matches m
        JOIN nodes n ON n.id = m.node_id
        LEFT JOIN node_versions v ON v.id = n.latest_version_id
       WHERE n.status = 'NodeStatusActive'
    `);
    const providers: ClassProviders = new Map();
    // Both drivers (node-postgres, PGlite) answer raw statements with `{ rows }`; the shared Db type cannot say so.
    for (const row of (result as unknown as { rows: Row[] }).rows) {
      const pack: PackInfo = {
        id: row.id,
        name: row.name,
        ...(row.repository ? { repository: row.repository } : {}),
        ...(row.latest_version ? { latestVersion: row.latest_version } : {}),
        latestDeprecated: row.latest_deprecated === true,
        ...(row.supported_comfyui_version ? { supportedComfyuiVersion: row.supported_comfyui_version } : {}),
        claimed: row.claimed,
        totalInstall: Number(row.total_install),
        githubStars: row.github_stars,
      };
      const list = providers.get(row.class_name) ?? [];
      list.push({ pack, preempts: row.preempts });
      providers.set(row.class_name, list);
    }
    if (options.publishedBy) await applyMinimumAge(db, providers, options.publishedBy);
    return providers;
  };
}

/**
 * Under a minimum release age the version offered is the newest one published by `publishedBy`
 * (services/versions/aged-latest.ts); a pack with none is held back. Classes stay those of the pack's
 * latest version: the age picks what to install, not what the pack is.
 */
async function applyMinimumAge(db: Db, providers: ClassProviders, publishedBy: Date): Promise<void> {
  const ids = new Set<string>();
  for (const list of providers.values()) for (const { pack } of list) if (pack.latestVersion) ids.add(pack.id);
  const aged = await latestPublishedBy(db, [...ids], publishedBy);
  // A pack appears once per class it provides, each time as its own PackInfo: change every one.
  for (const list of providers.values()) {
    for (const provider of list) {
      if (!provider.pack.latestVersion) continue;
      const rest = { ...provider.pack };
      // The latest version's facts give way to the chosen version's (or to none).
      delete rest.latestVersion;
      delete rest.supportedComfyuiVersion;
      const chosen = aged.get(rest.id)?.version;
      provider.pack = chosen
        ? {
            ...rest,
            latestVersion: chosen.version,
            latestDeprecated: chosen.deprecated,
            ...(chosen.supportedComfyuiVersion ? { supportedComfyuiVersion: chosen.supportedComfyuiVersion } : {}),
          }
        : { ...rest, heldBack: true };
    }
  }
}
