import { invalidInputs } from '@pidgate/core/testing';
import { pmcidScheme, pmidScheme } from './scheme.ts';
import { PMCID_INVALID_RULES, PMID_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(pmidScheme, PMID_INVALID_RULES);
invalidInputs(pmcidScheme, PMCID_INVALID_RULES);
