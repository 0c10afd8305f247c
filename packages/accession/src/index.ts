/**
 * Life-science accessions, one scheme each: GEO, SRA (INSDC), BioProject, BioSample, Ensembl, UniProt,
 * RefSeq, genome assemblies and ArrayExpress. Each is written bare (`GSE55396`), after its
 * identifiers.org prefix (`geo:GSE55396`) or at the end of its authority's page URL, and resolves to
 * that page (docs/specs/accession.md).
 */
export * from './arrayexpress.ts';
export * from './bioproject.ts';
export * from './biosample.ts';
export {
  type AccessionComponents,
  type AccessionForm,
  type AccessionIdentifier,
  accessionScheme,
} from './engine.ts';
export * from './ensembl.ts';
export * from './genome.ts';
export * from './geo.ts';
export * from './refseq.ts';
export * from './sra.ts';
export * from './uniprot.ts';
