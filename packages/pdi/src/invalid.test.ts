import { invalidInputs } from '@pidgate/core/testing';
import { pdiScheme } from './scheme.ts';
import { PDI_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(pdiScheme, PDI_INVALID_RULES);
