import { invalidInputs } from '@pidgate/core/testing';
import { doiScheme } from './scheme.ts';
import { DOI_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(doiScheme, DOI_INVALID_RULES);
