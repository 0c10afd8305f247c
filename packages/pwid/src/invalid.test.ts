import { invalidInputs } from '@pidgate/core/testing';
import { pwidScheme } from './scheme.ts';
import { PWID_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(pwidScheme, PWID_INVALID_RULES);
