import { invalidInputs } from '@pidgate/core/testing';
import { orcidScheme } from './scheme.ts';
import { ORCID_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(orcidScheme, ORCID_INVALID_RULES);
