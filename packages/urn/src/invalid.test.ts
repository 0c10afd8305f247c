import { invalidInputs } from '@pidgate/core/testing';
import { urnScheme } from './scheme.ts';
import { URN_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(urnScheme, URN_INVALID_RULES);
