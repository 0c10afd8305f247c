/**
 * Migration 9: PDI versions get an owner and an owner group, like every binding (docs/accounts.md). A version
 * bound through the admin API recorded the token's id as its actor: its owner becomes that token's owner (the
 * user migration 5 made for it); anything else (`cli`, an unknown id) stays unowned (null, null), which any
 * principal within scope may act on, as bindings bound before accounts.
 */
export const PDI_OWNER_MIGRATION_NAME = 'PDI versions: owner and owner group';

const backfill = `UPDATE pdi_versions SET owner = (SELECT tokens.owner FROM tokens WHERE tokens.id = pdi_versions.actor)
WHERE owner IS NULL AND EXISTS (SELECT 1 FROM tokens WHERE tokens.id = pdi_versions.actor);`;

export const SQLITE_PDI_OWNER_MIGRATION = `
ALTER TABLE pdi_versions ADD COLUMN owner TEXT;
ALTER TABLE pdi_versions ADD COLUMN owner_group TEXT;
${backfill}
CREATE INDEX pdi_versions_resource_seq ON pdi_versions (resource_key, seq);
`;

export const POSTGRES_PDI_OWNER_MIGRATION = `
ALTER TABLE pdi_versions ADD COLUMN owner text COLLATE "C";
ALTER TABLE pdi_versions ADD COLUMN owner_group text COLLATE "C";
${backfill}
CREATE INDEX pdi_versions_resource_seq ON pdi_versions (resource_key, seq);
`;
